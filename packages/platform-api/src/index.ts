/**
 * The control plane's HTTP API as the portal receives it. Each answer the portal reads has a zod
 * schema (`projectSchema`, …) and its type is derived from it: the bundle writes that type, and the
 * portal parses the answer with the schema (portal/src/lib/parse-answer.ts). A schema says how the
 * portal reads. A field it can do without reads, when an answer leaves it out, as what the bundle
 * answers for "nothing" (`.default`: null, 0, false, an empty list, the blank template), so an
 * answer from a control plane older than the field is not refused. A value the portal shows in its
 * own way when it does not know it is read as any text (`openEnum`). Request bodies, and what only
 * the bundle uses, stay plain types.
 */
export * from './plans.ts';
export * from './billing.ts';
export * from './account.ts';
export * from './projects.ts';
export * from './domains.ts';
export * from './contact.ts';
export * from './notifications.ts';
export * from './site-content.ts';
export * from './landing-render.ts';
export * from './portal-config.ts';
export * from './backups.ts';
export * from './cors.ts';
export * from './site-log-line.ts';
export * from './licence-key.ts';
export * from './subscription-rules.ts';
