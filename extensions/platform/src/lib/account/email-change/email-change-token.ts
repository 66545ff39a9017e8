/**
 * The token in an email-change link: who asks, from which address, to which, signed with the
 * control plane's SECRET for 24 hours. Carrying the old address makes a link single-use: once the
 * email has changed (by this link or another), every link issued for the old address is void.
 */
import jwt from 'jsonwebtoken';
import { InvalidEmailChangeLinkError } from '../../errors.ts';

const SCOPE = 'email-change';
const ISSUER = 'epic-cms';

export interface EmailChange {
	user: string;
	from: string;
	to: string;
}

export function signEmailChange(secret: string, change: EmailChange): string {
	return jwt.sign({ scope: SCOPE, ...change }, secret, { expiresIn: '1d', issuer: ISSUER });
}

export function verifyEmailChange(secret: string, token: string): EmailChange {
	let claims: unknown;
	try {
		claims = jwt.verify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
	} catch {
		throw new InvalidEmailChangeLinkError();
	}
	const { scope, user, from, to } = (claims ?? {}) as Record<string, unknown>;
	if (scope !== SCOPE || typeof user !== 'string' || typeof from !== 'string' || typeof to !== 'string') {
		throw new InvalidEmailChangeLinkError();
	}
	return { user, from, to };
}
