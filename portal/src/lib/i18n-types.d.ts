import type en from '../locales/en.json';

// Type-checks every t('key') against the English resources, so a typo or a
// removed key fails `tsc` instead of showing a raw key to a customer.
declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: 'translation';
		resources: { translation: typeof en };
	}
}
