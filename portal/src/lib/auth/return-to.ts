/** Router state carried to /auth so a successful login returns to the page that asked for it. */
export type ReturnToState = { from?: string };

/** The in-app path to return to, or null. Only same-origin paths are accepted. */
export function readReturnTo(state: unknown): string | null {
	if (typeof state !== 'object' || state === null || !('from' in state)) return null;
	const { from } = state;
	return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
