import { AVATAR_MAX_BYTES } from '@epic/platform-api';
import { MIN_PASSWORD_LENGTH } from '../../../lib/validation';

/**
 * What stops a password change before it is sent (docs/product.md, Validation messages), named
 * by its toast: the confirmation differs, or the new password is under the minimum.
 */
export type PasswordChangeProblem = 'passwordMismatch' | 'passwordTooShort';

export function checkPasswordChange(newPassword: string, confirmation: string): PasswordChangeProblem | null {
	if (newPassword !== confirmation) return 'passwordMismatch';
	if (newPassword.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
	return null;
}

/** What stops an avatar upload before it is sent: not an image, or over 5 MB (the server's limit). */
export type AvatarFileProblem = 'invalidFileType' | 'fileTooLarge';

export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): AvatarFileProblem | null {
	if (!file.type.startsWith('image/')) return 'invalidFileType';
	if (file.size > AVATAR_MAX_BYTES) return 'fileTooLarge';
	return null;
}
