/**
 * Every error the platform's endpoints answer with, made with Directus's own `createError` so the
 * API's error handler renders them like its own: `{ errors: [{ message, extensions: { code } }] }`.
 */
import { createError } from '@directus/errors';
import { AVATAR_MAX_BYTES } from '@epic/platform-api';
import type { DomainProblemCode } from './domains/normalize-domain.ts';

export const NotAuthenticatedError = createError('NOT_AUTHENTICATED', 'User not authenticated', 401);
export const ProfileNotFoundError = createError('PROFILE_NOT_FOUND', 'Your account no longer exists', 404);
export const InvalidVerificationLinkError = createError('INVALID_VERIFICATION_LINK', 'This verification link is invalid or has expired. Please register again.', 400);

/** Bad input: `reason` names each field that is wrong (`plan_id: …; period: …`). */
export const InvalidPayloadError = createError<{ reason: string }>('INVALID_PAYLOAD', ({ reason }) => reason, 400);

// Avatar (docs/access-model.md, The avatar). One code per kind of refusal, as the portal shows it;
// the messages say what was wrong with this file.
const AVATAR_MEGABYTES = AVATAR_MAX_BYTES / (1024 * 1024);
const AVATAR_TYPES_HINT = 'Please upload a JPEG, PNG, GIF or WebP image.';
export const AvatarEmptyError = createError('AVATAR_EMPTY', 'The file is empty. Please choose an image.', 400);
export const AvatarTooLargeError = createError('AVATAR_TOO_LARGE', `The image is larger than ${AVATAR_MEGABYTES} MB. Please choose a smaller one.`, 413);
export const AvatarTooManyPixelsError = createError<{ megapixels: number }>(
	'AVATAR_TOO_LARGE',
	({ megapixels }) => `The image has more than ${megapixels} megapixels. Please choose a smaller one.`,
	413,
);
export const AvatarNotAnImageError = createError('AVATAR_INVALID_TYPE', `This file is not an image we accept. ${AVATAR_TYPES_HINT}`, 415);
export const AvatarHiddenContentError = createError(
	'AVATAR_INVALID_TYPE',
	`This image carries something other than a picture (extra data, markup or script). ${AVATAR_TYPES_HINT}`,
	415,
);
export const AvatarUnreadableError = createError('AVATAR_INVALID_TYPE', `This image could not be read; it may be damaged. ${AVATAR_TYPES_HINT}`, 415);
export const AvatarNotFoundError = createError('AVATAR_NOT_FOUND', 'You have no avatar.', 404);

// Billing (docs/product.md, Billing API and Error messages).
export const SubscriptionNotFoundError = createError('SUBSCRIPTION_NOT_FOUND', 'No subscription found', 404);
export const CheckoutSessionNotFoundError = createError('CHECKOUT_SESSION_NOT_FOUND', 'Failed to retrieve checkout session', 404);
export const CheckoutSessionExpiredError = createError('CHECKOUT_SESSION_EXPIRED', 'This checkout session has expired. Please start a new checkout.', 409);
export const PlanNotAvailableError = createError<{ plan: string; period: string }>('PLAN_NOT_AVAILABLE', ({ plan, period }) => `The ${plan} plan cannot be bought ${period}`, 400);
export const ProjectLimitExceededError = createError<{ excess: number; plan: string }>(
	'PROJECT_LIMIT_EXCEEDED',
	({ excess, plan }) => `The ${plan} plan allows fewer projects than you have: delete ${excess} project${excess === 1 ? '' : 's'} first.`,
	409,
);
export const SubscriptionStateError = createError<{ reason: string }>('SUBSCRIPTION_STATE', ({ reason }) => reason, 409);
export const CardDeclinedError = createError('CARD_DECLINED', 'Your card was declined.', 402);
export const PlanChangeUnpaidError = createError(
	'PLAN_CHANGE_UNPAID',
	'Your card was declined for the new plan. Your plan has not changed: pay the open invoice in the billing portal to switch.',
	402,
);
export const InsufficientFundsError = createError('INSUFFICIENT_FUNDS', 'Your card has insufficient funds.', 402);
export const UnknownTestCardError = createError('CARD_DECLINED', 'The sandbox accepts only test cards, such as 4242 4242 4242 4242.', 402);
export const WebhookSignatureError = createError<{ reason: string }>('INVALID_SIGNATURE', ({ reason }) => reason, 400);
/** A delivery of an event another delivery (another replica, say) is processing now: the provider delivers it again later. */
export const WebhookEventInProgressError = createError('EVENT_IN_PROGRESS', 'This event is being processed; deliver it again later.', 409);
export const ForbiddenError = createError('FORBIDDEN', "You don't have permission to access this.", 403);

// Accounts (docs/product.md, Profile; codes listed in @epic/platform-api's ACCOUNT_ERROR_CODES).
export const PasswordTooShortError = createError<{ min: number }>('PASSWORD_TOO_SHORT', ({ min }) => `Password must be at least ${min} characters long.`, 400);
export const PasswordTooLongError = createError<{ max: number }>('PASSWORD_TOO_LONG', ({ max }) => `Password must be at most ${max} characters long.`, 400);
export const PasswordTooCommonError = createError('PASSWORD_TOO_COMMON', 'This password is one of the most common passwords. Please choose another.', 400);
export const WrongPasswordError = createError('WRONG_PASSWORD', 'The current password is incorrect.', 400);
export const EmailNotVerifiedError = createError(
	'EMAIL_NOT_VERIFIED',
	'Please verify your email address first: follow the link in the email we sent you, or ask for a new one.',
	403,
);
export const AccountLockedError = createError<{ minutes: number }>(
	'ACCOUNT_LOCKED',
	({ minutes }) => `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
	429,
);
/** Directus's own code for a rate limit, so the portal treats ours and its the same. */
export const RequestsExceededError = createError('REQUESTS_EXCEEDED', 'Too many requests. Please try again later.', 429);
export const InvalidEmailChangeLinkError = createError(
	'INVALID_EMAIL_CHANGE_LINK',
	'This email change link is invalid or has expired. Please ask for a new one from your profile.',
	400,
);

// Projects (docs/product.md, Projects API; codes listed in @epic/platform-api's PROJECT_ERROR_CODES).
// Another customer's project answers exactly like a missing one.
export const ProjectNotFoundError = createError('PROJECT_NOT_FOUND', 'Project not found', 404);
/** `field` names the input at fault, as the message does. */
export const SubdomainTakenError = createError<{ field: 'subdomain' }>('SUBDOMAIN_TAKEN', 'subdomain: This subdomain is already taken. Please choose another.', 409);
export const ProjectNotReadyError = createError('PROJECT_NOT_READY', 'The project is not ready: its credentials are available once it is published.', 409);
export const SubscriptionRequiredError = createError('SUBSCRIPTION_REQUIRED', 'Creating a project needs an active subscription. Please choose a plan first.', 402);
export const ProjectLimitReachedError = createError<{ limit: number }>(
	'PROJECT_LIMIT_REACHED',
	({ limit }) =>
		limit === 0
			? 'Your plan includes no projects. Please choose a plan with projects to create one.'
			: `Your plan allows ${limit} project${limit === 1 ? '' : 's'}, and you have reached it. Delete a project or choose a larger plan.`,
	403,
);

// Domains (docs/product.md, Domains API).
/** A domain refused by normalize-domain.ts, one code per rule; the message names the field. */
function domainError(code: DomainProblemCode) {
	return createError<{ field: string; reason: string }>(code, ({ field, reason }) => `${field}: ${reason}`, 400);
}
export const DomainErrors: Record<DomainProblemCode, ReturnType<typeof domainError>> = {
	DOMAIN_REQUIRED: domainError('DOMAIN_REQUIRED'),
	DOMAIN_IS_IP_ADDRESS: domainError('DOMAIN_IS_IP_ADDRESS'),
	DOMAIN_INVALID: domainError('DOMAIN_INVALID'),
	DOMAIN_RESERVED: domainError('DOMAIN_RESERVED'),
};

// Site content (docs/product.md, Site content; codes in @epic/platform-api's SITE_CONTENT_ERROR_CODES).
export const InvalidLanguageError = createError<{ languages: string }>('INVALID_LANGUAGE', ({ languages }) => `lang: must be one of ${languages}`, 400);
export const PageNotFoundError = createError<{ slug: string; pages: string }>('PAGE_NOT_FOUND', ({ slug, pages }) => `No page "${slug}" is published. Pages: ${pages}.`, 404);
export const PhotoNotFoundError = createError('PHOTO_NOT_FOUND', 'This team member has no published photo.', 404);

// Backups (docs/product.md, Backups; codes in @epic/platform-api's BACKUP_ERROR_CODES). Another
// project's backup or restore answers exactly like a missing one.
export const BackupNotFoundError = createError('BACKUP_NOT_FOUND', 'Backup not found', 404);
export const RestoreJobNotFoundError = createError('RESTORE_JOB_NOT_FOUND', 'Restore not found', 404);
export const ProjectNotPublishedError = createError('PROJECT_NOT_PUBLISHED', 'Backups are available once the project is published.', 409);
export const BackupInProgressError = createError('BACKUP_IN_PROGRESS', 'A backup of this project is already being taken. Please wait for it to finish.', 409);
export const BackupLimitReachedError = createError<{ limit: number }>(
	'BACKUP_LIMIT_REACHED',
	({ limit }) => `This project has had ${limit} backups taken in the last hour. Please try again later.`,
	429,
);
export const ActionLimitReachedError = createError<{ action: string; limit: number; minutes: number }>(
	'ACTION_LIMIT_REACHED',
	({ action, limit, minutes }) => `You can ${action} at most ${limit} times an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
	429,
);
export const RestoreInProgressError = createError('RESTORE_IN_PROGRESS', 'A restore of this project is already running.', 409);
export const BackupsUnavailableError = createError('BACKUPS_UNAVAILABLE', 'Backups are unavailable right now. Please try again later.', 503);
export const LogsNotReadyError = createError('PROJECT_NOT_READY', "The site's log is available once the project is published.", 409);
export const LogsUnavailableError = createError('LOGS_UNAVAILABLE', "The site's log is unavailable right now. Please try again later.", 503);
export const LicenceUnavailableError = createError('LICENCE_UNAVAILABLE', 'The licence key cannot be changed right now. Please try again later.', 503);
