import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuGlobe } from 'react-icons/lu';
import { currentLanguage } from '../../lib/i18n';
import { DeferredMenu } from '../ui/deferred-menu';

const loadLanguageMenu = async () => (await import('./language-menu')).LanguageMenu;

/** The active language's code on a button opening the menu of the supported languages. */
export function LanguageSwitcher() {
	// useTranslation re-renders this component whenever the language changes.
	const { t } = useTranslation();
	const code = currentLanguage().toUpperCase();
	return (
		<DeferredMenu
			load={loadLanguageMenu}
			trigger={
				<Button variant="ghost" size="sm" data-testid="language-switcher" aria-label={t('nav.changeLanguage', { language: code })}>
					<LuGlobe aria-hidden="true" />
					{/* The visible code is part of the accessible name too (WCAG 2.5.3, label in name). */}
					{code}
				</Button>
			}
		/>
	);
}
