/**
 * S3 failures as an operator can act on them: a missing bucket, refused credentials or the wrong
 * region say which setting to look at instead of the SDK's bare error name.
 */
import { S3ServiceException } from '@aws-sdk/client-s3';

/** S3's error code (`NoSuchKey`, `NoSuchBucket`…), or null for a failure that is not S3's answer. */
export function s3ErrorCode(error: unknown): string | null {
	return error instanceof S3ServiceException ? error.name : null;
}

const CREDENTIAL_CODES = new Set(['AccessDenied', 'Forbidden', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'CredentialsProviderError']);
const REGION_CODES = new Set(['PermanentRedirect', 'AuthorizationHeaderMalformed', 'IllegalLocationConstraintException']);

/** `doing` completes "… failed", e.g. `storing backups/p-1/x.tar.gz`. */
export function s3Failure(error: unknown, bucket: string, doing: string): Error {
	const code = s3ErrorCode(error) ?? (error as Error).name;
	const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
	let message: string;
	// HEAD requests have no body, so a missing bucket answers them as a plain 404 (`NotFound`).
	if (code === 'NoSuchBucket' || (code === 'NotFound' && status === 404)) {
		message = `the bucket "${bucket}" does not exist (BACKUP_S3_BUCKET, and BACKUP_S3_ENDPOINT if it is not on AWS)`;
	} else if (CREDENTIAL_CODES.has(code) || status === 403) {
		message = `the bucket "${bucket}" refused the runtime's credentials (${code}): check BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, or the SDK's default credentials`;
	} else if (REGION_CODES.has(code) || status === 301) {
		message = `the bucket "${bucket}" is not in BACKUP_S3_REGION (${code})`;
	} else {
		message = `${code}: ${(error as Error).message}`;
	}
	return new Error(`S3 backup store: ${doing} failed: ${message}`, { cause: error });
}
