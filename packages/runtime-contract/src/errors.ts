/**
 * How the runtime API reports a failure: Directus's error shape, with a stable code that callers
 * branch on (the message is for people).
 */
export const RUNTIME_ERROR_CODES = [
	'INVALID_PAYLOAD',
	'INVALID_JSON',
	'INVALID_PATH',
	'PAYLOAD_TOO_LARGE',
	'UNAUTHORIZED',
	'ROUTE_NOT_FOUND',
	'INSTANCE_NOT_FOUND',
	'INSTANCE_NOT_RUNNABLE',
	'HOST_TAKEN',
	'NOT_ON_PUBLIC_URL',
	'BACKUP_NOT_FOUND',
	'RESTORE_JOB_NOT_FOUND',
	'RESTORE_IN_PROGRESS',
	'UPGRADE_IN_PROGRESS',
	'INTERNAL',
] as const;

export type RuntimeErrorCode = (typeof RUNTIME_ERROR_CODES)[number];

export interface RuntimeErrorBody {
	errors: { message: string; extensions: { code: RuntimeErrorCode } }[];
}
