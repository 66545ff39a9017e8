/** Small HTTP helpers for talking to the control plane the way a client would. */
import { inject } from 'vitest';

export interface ApiResponse<T = unknown> {
	status: number;
	body: T;
	headers: Headers;
}

let ownControlPlane: ReturnType<typeof inject<'controlPlane'>> | null = null;

/** The control plane these helpers talk to: the project's shared one, unless a suite booted its own. */
export function controlPlane() {
	return ownControlPlane ?? inject('controlPlane');
}

/** For a suite that boots a control plane of its own (each test file runs in its own module scope). */
export function useOwnControlPlane(handle: ReturnType<typeof inject<'controlPlane'>>): void {
	ownControlPlane = handle;
}

export async function api<T = any>(
	method: string,
	path: string,
	options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
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

export async function login(email: string, password: string): Promise<string> {
	const response = await api<{ data: { access_token: string } }>('POST', '/auth/login', { body: { email, password } });
	if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
	return response.body.data.access_token;
}

export function adminToken(): Promise<string> {
	const { adminEmail, adminPassword } = controlPlane();
	return login(adminEmail, adminPassword);
}
