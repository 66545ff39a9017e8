/**
 * The mailbox an address delivers to, for limits counted per recipient: case-insensitive, and
 * without a `+tag` in the local part, which most providers deliver to the same inbox
 * (`Ann+1@Example.com` and `ann@example.com` are one mailbox to fill).
 */
export function mailboxKey(address: string): string {
	const trimmed = address.trim().toLowerCase();
	const at = trimmed.lastIndexOf('@');
	if (at <= 0) return trimmed;
	const local = trimmed.slice(0, at).split('+')[0] || trimmed.slice(0, at);
	return `${local}${trimmed.slice(at)}`;
}
