/**
 * The address customers write to. Operators set VITE_SUPPORT_EMAIL at build
 * time; the fallback is the reserved example domain so a build without it
 * never points customers at somebody else's inbox.
 */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@example.com';

export const supportMailto = (): string => `mailto:${SUPPORT_EMAIL}`;
