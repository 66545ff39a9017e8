/**
 * Reads the expiry of a Directus password-reset token (a JWT) without
 * verifying it, so an expired link shows "Invalid link" before the user types
 * a new password. The server still decides; this only saves a wasted form.
 */
export function isResetTokenExpired(token: string, now: Date): boolean {
	const payload = token.split('.')[1];
	if (!payload) return true;
	try {
		const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
		if (typeof json !== 'object' || json === null || !('exp' in json)) return false;
		return typeof json.exp === 'number' && json.exp * 1000 <= now.getTime();
	} catch {
		return true;
	}
}
