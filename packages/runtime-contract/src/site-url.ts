/**
 * A site's public URL, as its visitors reach it and as its own Directus builds links with it
 * (PUBLIC_URL): written by the runtime when it starts a site and by the control plane when it tells
 * the owner where the site is, so the two must agree to the character.
 */
export function publicSiteUrl(scheme: string, host: string, port: number | string | null | undefined): string {
	const defaultPort = scheme === 'https' ? 443 : 80;
	const shown = port === null || port === undefined || port === '' || Number(port) === defaultPort ? '' : `:${port}`;
	return `${scheme}://${host}${shown}`;
}
