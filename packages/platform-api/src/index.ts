export * from './plans.ts';
export * from './billing.ts';
export * from './account.ts';
export * from './projects.ts';
export * from './domains.ts';
export * from './contact.ts';
export * from './notifications.ts';
export * from './site-content.ts';
