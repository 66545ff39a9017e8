import { Button, Flex, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTrash2, LuUpload } from 'react-icons/lu';
import { UserAvatar } from '../../../components/layout/user-avatar';
import { getErrorMessage } from '../../../lib/api-error';
import type { SessionUser } from '../../../lib/auth/session-user';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { checkAvatarFile } from '../lib/validation';

/** The picture, Upload (images up to 5 MB, checked before sending) and Remove. */
export function AvatarSection({ user }: { user: SessionUser }) {
	const { t } = useTranslation();
	const { applyUser } = useAuth();
	const input = useRef<HTMLInputElement>(null);
	const upload = useUploadAvatar();
	const remove = useRemoveAvatar();

	const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
		const file = event.target.files?.[0];
		// Cleared, so choosing the same file again still reports a change.
		event.target.value = '';
		if (!file) return;
		const problem = checkAvatarFile(file);
		if (problem) {
			toaster.error({ title: t(`profile.toast.${problem}`), description: t(`profile.toast.${problem}Text`) });
			return;
		}
		try {
			applyUser(await upload.trigger(file));
			toaster.success({ title: t('profile.toast.avatarUpdated') });
		} catch (error) {
			toaster.error({
				title: t('profile.toast.avatarFailed'),
				description: getErrorMessage(error, t('profile.toast.avatarFailedFallback')),
			});
		}
	};

	const handleRemove = async () => {
		try {
			applyUser(await remove.trigger());
			toaster.success({ title: t('profile.toast.avatarRemoved') });
		} catch (error) {
			toaster.error({
				title: t('profile.toast.avatarRemoveFailed'),
				description: getErrorMessage(error, t('profile.toast.avatarRemoveFailedFallback')),
			});
		}
	};

	return (
		<Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'flex-start', sm: 'center' }} gap="5">
			<UserAvatar user={user} size="2xl" fallback="generated" testId="profile-tab-avatar" />
			<Stack gap="3">
				<Heading as="h3" size="md">
					{t('profile.avatar.title')}
				</Heading>
				<Flex gap="3" wrap="wrap">
					<Button size="sm" colorPalette="purple" loading={upload.isMutating} onClick={() => input.current?.click()} data-testid="avatar-upload">
						<LuUpload aria-hidden="true" />
						{t('profile.avatar.upload')}
					</Button>
					{user.avatar && (
						<Button size="sm" variant="outline" loading={remove.isMutating} onClick={() => void handleRemove()} data-testid="avatar-remove">
							<LuTrash2 aria-hidden="true" />
							{t('profile.avatar.remove')}
						</Button>
					)}
				</Flex>
				<Text fontSize="sm" color="fg.muted" id="avatar-hint">
					{t('profile.avatar.hint')}
				</Text>
				<VisuallyHidden asChild>
					{/* Reached through the button above; kept out of the tab order. */}
					<input
						ref={input}
						type="file"
						accept="image/*"
						tabIndex={-1}
						aria-describedby="avatar-hint"
						aria-label={t('profile.avatar.upload')}
						onChange={(event) => void handleFile(event)}
						data-testid="avatar-input"
					/>
				</VisuallyHidden>
			</Stack>
		</Flex>
	);
}
