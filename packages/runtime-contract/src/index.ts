export * from './bearer-secret.ts';
export * from './errors.ts';
export * from './instance-status.ts';
export * from './paths.ts';
export * from './request-id.ts';
export * from './schemas.ts';
export * from './backups.ts';
export * from './upgrades.ts';
