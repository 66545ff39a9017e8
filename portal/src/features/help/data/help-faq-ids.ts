/**
 * The help centre's six questions (docs/product.md, Pages and routes: /help). Text lives in the locale
 * files under help.faq.<id>; this list fixes which entries exist and their order.
 */
export const HELP_FAQ_IDS = ['createProject', 'customDomain', 'billing', 'adminPanel', 'limits', 'verificationEmail'] as const;

export type HelpFaqId = (typeof HELP_FAQ_IDS)[number];
