/** Small HTTP helpers for talking to the control plane the way a client would. */
import { inject } from 'vitest';
import type { ControlPlaneHandle } from './test-control-plane.ts';

export interface ApiResponse<T = unknown> {
	status: number;
	body: T;
	headers: Headers;
}

/** A Directus-style answer: what was asked for, under `data` (the control plane's own routes answer so too). */
export interface Data<T> {
	data: T;
}

/**
 * One error of a Directus-style error body. Directus's error handler renders every error, its own and
 * the bundle's (`createError`), with `extensions.code`; some add fields beside it (`field`, `reason`, …).
 */
export interface ApiErrorEntry {
	message: string;
	extensions: { code: string; [key: string]: unknown };
}

/** A Directus-style error body, `{ errors: [{ message, extensions: { code } }] }`: never an empty list. */
export interface ApiError {
	errors: [ApiErrorEntry, ...ApiErrorEntry[]];
}

/** `POST /auth/login` and `/auth/refresh` in JSON mode (Directus). */
export interface AuthTokens {
	access_token: string;
	refresh_token: string;
	expires: number;
}

let ownControlPlane: ControlPlaneHandle | null = null;

/**
 * The control plane these helpers talk to: the one the project's global setup booted for this
 * file's worker (see tests/setup/control-plane.global.ts), unless the suite booted its own.
 */
export function controlPlane(): ControlPlaneHandle {
	return ownControlPlane ?? workerControlPlane();
}

function workerControlPlane(): ControlPlaneHandle {
	const controlPlanes = inject('controlPlanes');
	const workerId = Number(process.env['VITEST_POOL_ID']);
	const handle = controlPlanes[workerId - 1];
	if (!handle)
		throw new Error(
			`No control plane for vitest worker ${process.env['VITEST_POOL_ID']} (${controlPlanes.length} booted): is this file in a project whose globalSetup is tests/setup/control-plane.global.ts?`,
		);
	return handle;
}

/** For a suite that boots a control plane of its own (each test file runs in its own module scope). */
export function useOwnControlPlane(handle: ControlPlaneHandle): void {
	ownControlPlane = handle;
}

/**
 * `T` is what the test expects the body to be: `Data<Project>`, `ApiError`, or a local shape for
 * Directus's own routes. It is not checked at run time; leave it out (`unknown`) where the body is not read.
 */
export async function api<T = unknown>(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
	const headers: Record<string, string> = { ...options.headers };
	if (options.token) headers['authorization'] = `Bearer ${options.token}`;
	if (options.body !== undefined) headers['content-type'] = 'application/json';
	const response = await fetch(`${controlPlane().url}${path}`, {
		method,
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	const text = await response.text();
	let body: unknown = text;
	try {
		body = text ? JSON.parse(text) : null;
	} catch {
		// keep the text
	}
	return { status: response.status, body: body as T, headers: response.headers };
}

/** A session's tokens, signed in through the API. */
export async function sessionTokens(email: string, password: string): Promise<AuthTokens> {
	const response = await api<Data<AuthTokens>>('POST', '/auth/login', { body: { email, password } });
	if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
	return response.body.data;
}

export async function login(email: string, password: string): Promise<string> {
	return (await sessionTokens(email, password)).access_token;
}

export function adminToken(): Promise<string> {
	const { adminEmail, adminPassword } = controlPlane();
	return login(adminEmail, adminPassword);
}
