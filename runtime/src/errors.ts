/** Errors the runtime API turns into responses: a stable code, a message, an HTTP status. */
import type { RuntimeErrorCode } from '@epic/runtime-contract';

export class RuntimeError extends Error {
	readonly code: RuntimeErrorCode;
	readonly status: number;

	constructor(code: RuntimeErrorCode, message: string, status: number) {
		super(message);
		this.code = code;
		this.status = status;
	}
}

export const instanceNotFound = (id: string) => new RuntimeError('INSTANCE_NOT_FOUND', `No instance for project ${id}`, 404);
export const hostTaken = (host: string) => new RuntimeError('HOST_TAKEN', `${host} already belongs to another project`, 409);
export const notRunnable = (id: string, state: string) => new RuntimeError('INSTANCE_NOT_RUNNABLE', `Project ${id} is ${state}; start it first`, 409);
/** A licence key binds to the URL the site serves on: it waits until the site runs on its own (instance-service.ts, setLicenseKey). */
export const notOnPublicUrl = (id: string) => new RuntimeError('NOT_ON_PUBLIC_URL', `Project ${id}'s site does not serve on its public URL yet; try again once it does`, 409);
