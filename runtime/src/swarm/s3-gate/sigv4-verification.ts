/**
 * Checks an S3 request's AWS Signature Version 4 (the `Authorization` header form S3 clients
 * send) against the site's secret, by signing the same request again with @smithy/signature-v4,
 * the AWS SDK's own signer, and comparing. A request signed with any other secret, or changed
 * after signing (its path, query or signed headers), or signed more than 15 minutes from now, is
 * refused. The payload is covered as the client chose: by its `x-amz-content-sha256` value.
 */
import { timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { GateRefusal } from './gate-refusal.ts';
import { Sha256Hash } from './sha256-hash.ts';

/** S3's own window for a request's date. */
const MAX_SKEW_MS = 15 * 60 * 1000;

export interface SignedRequest {
	method: string;
	/** The path as sent, still percent-encoded, without the query. */
	rawPath: string;
	query: Record<string, string | string[]>;
	/** Lower-case names, as Node's http server gives them. */
	headers: Record<string, string | string[] | undefined>;
}

export interface ParsedAuthorization {
	accessKeyId: string;
	date: string;
	region: string;
	service: string;
	signedHeaders: string[];
	signature: string;
}

export function parseAuthorization(header: string | undefined): ParsedAuthorization {
	const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(header ?? '');
	if (!match) throw new GateRefusal(403, 'AccessDenied', 'Only requests signed with AWS Signature Version 4 in the Authorization header are accepted');
	return { accessKeyId: match[1]!, date: match[2]!, region: match[3]!, service: match[4]!, signedHeaders: match[5]!.split(';'), signature: match[6]! };
}

/** `20261128T081500Z` as a Date. */
function amzDate(value: string | undefined): Date {
	const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
	if (!match) throw new GateRefusal(403, 'AccessDenied', 'The request has no valid x-amz-date');
	const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
	return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
}

function single(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value.join(',') : value;
}

/** Resolves when `request` is signed with `secretAccessKey`; rejects with a GateRefusal otherwise. */
export async function verifySignature(request: SignedRequest, authorization: ParsedAuthorization, secretAccessKey: string, now: number): Promise<void> {
	if (authorization.service !== 's3') throw new GateRefusal(403, 'AccessDenied', 'The request is not signed for S3');
	const signingDate = amzDate(single(request.headers['x-amz-date']));
	if (Math.abs(now - signingDate.getTime()) > MAX_SKEW_MS) throw new GateRefusal(403, 'RequestTimeTooSkewed', 'The request was signed more than 15 minutes from now');
	if (!single(request.headers['x-amz-content-sha256'])) throw new GateRefusal(403, 'AccessDenied', 'The request has no x-amz-content-sha256');
	const signed: Record<string, string> = {};
	for (const name of authorization.signedHeaders) {
		const value = single(request.headers[name]);
		if (value === undefined) throw new GateRefusal(403, 'AccessDenied', `The signed header ${name} is missing`);
		signed[name] = value;
	}
	const signer = new SignatureV4({
		credentials: { accessKeyId: authorization.accessKeyId, secretAccessKey },
		region: authorization.region,
		service: 's3',
		sha256: Sha256Hash,
		// S3 signs the path as sent, encoded once.
		uriEscapePath: false,
		applyChecksum: false,
	});
	const expected = await signer.sign(
		{ method: request.method, protocol: 'http:', hostname: 'gate', path: request.rawPath, query: request.query, headers: signed },
		{ signingDate, signableHeaders: new Set(authorization.signedHeaders) },
	);
	const expectedSignature = /Signature=([0-9a-f]{64})/.exec(String(expected.headers['authorization'] ?? ''))?.[1] ?? '';
	const given = Buffer.from(authorization.signature);
	if (expectedSignature.length !== given.length || !timingSafeEqual(Buffer.from(expectedSignature), given)) {
		throw signatureMismatch();
	}
}

const signatureMismatch = () => new GateRefusal(403, 'SignatureDoesNotMatch', 'The request signature does not match the site’s key');

/**
 * Resolves when `request` is signed with one of `secretAccessKeys` (a site's key under the
 * runtime's secret and, during a rotation, under the previous one). Only a signature that does not
 * match tries the next key: any other refusal (the date, a missing header) is the request's,
 * whatever the key.
 */
export async function verifySignatureWithAny(request: SignedRequest, authorization: ParsedAuthorization, secretAccessKeys: readonly string[], now: number): Promise<void> {
	for (const secretAccessKey of secretAccessKeys) {
		try {
			await verifySignature(request, authorization, secretAccessKey, now);
			return;
		} catch (error) {
			if (!(error instanceof GateRefusal) || error.code !== 'SignatureDoesNotMatch') throw error;
		}
	}
	throw signatureMismatch();
}
