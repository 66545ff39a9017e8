export * from './plans.ts';
export * from './billing.ts';
