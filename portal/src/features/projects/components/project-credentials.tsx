import { Alert, Button, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { Project } from '@epic/platform-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff, LuRefreshCw } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { rememberCredentials, useProjectCredentials } from '../api/get-project-credentials';
import { rotatePassword } from '../api/rotate-password';
import { CopyButton } from './copy-button';

/** A project's Studio admin credentials once its site is open: shown on request, copied, or replaced by a new password. */
export function ProjectCredentials({ project, open }: { project: Project; open: boolean }) {
	const { t } = useTranslation();
	const { user } = useAuth();
	const credentials = useProjectCredentials(project.id, open);
	const [shown, setShown] = useState(false);
	const [confirming, setConfirming] = useState(false);
	const [rotating, setRotating] = useState(false);

	const rotate = async () => {
		setRotating(true);
		try {
			const fresh = await rotatePassword(project.id);
			if (user) await rememberCredentials(user.id, project.id, fresh);
			setConfirming(false);
			toaster.success({ title: t('projects.credentials.rotated') });
		} catch (error) {
			toaster.error({ title: t('projects.credentials.rotateFailed'), description: getErrorMessage(error) });
		} finally {
			setRotating(false);
		}
	};

	return (
		<Stack gap="3" data-testid="project-credentials">
			<Heading as="h3" size="sm">
				{t('projects.credentials.title')}
			</Heading>
			{!open ? (
				<Text fontSize="sm" color="fg.muted">
					{t('projects.card.credentialsLater')}
				</Text>
			) : credentials.error ? (
				<Alert.Root status="error" size="sm">
					<Alert.Indicator />
					<Alert.Description>{getErrorMessage(credentials.error, t('projects.credentials.loadFailed'))}</Alert.Description>
				</Alert.Root>
			) : !credentials.data ? (
				<Text fontSize="sm" color="fg.muted" role="status">
					{t('common.loading')}
				</Text>
			) : (
				<Stack gap="3">
					<HStack gap="2" justify="space-between">
						<Stack gap="0" minW="0">
							<Text fontSize="xs" color="fg.muted">
								{t('projects.credentials.email')}
							</Text>
							<Text wordBreak="break-all" data-testid="credentials-email">
								{credentials.data.admin_email}
							</Text>
						</Stack>
						<CopyButton value={credentials.data.admin_email} label={t('projects.credentials.copyEmail')} testId="credentials-copy-email" />
					</HStack>
					<HStack gap="2" justify="space-between">
						<Stack gap="0" minW="0">
							<Text fontSize="xs" color="fg.muted">
								{t('projects.credentials.password')}
							</Text>
							<Code wordBreak="break-all" data-testid="credentials-password">
								{shown ? credentials.data.admin_password : '••••••••••••'}
							</Code>
						</Stack>
						<HStack gap="2">
							<Button size="sm" variant="outline" onClick={() => setShown((value) => !value)} aria-pressed={shown} data-testid="credentials-toggle">
								{shown ? <LuEyeOff aria-hidden="true" /> : <LuEye aria-hidden="true" />}
								{shown ? t('projects.credentials.hide') : t('projects.credentials.show')}
							</Button>
							<CopyButton value={credentials.data.admin_password} label={t('projects.credentials.copyPassword')} testId="credentials-copy-password" />
						</HStack>
					</HStack>
					<Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setConfirming(true)} data-testid="rotate-password">
						<LuRefreshCw aria-hidden="true" />
						{t('projects.credentials.rotate')}
					</Button>
				</Stack>
			)}
			<ConfirmDialog
				open={confirming}
				onClose={() => setConfirming(false)}
				title={t('projects.credentials.rotateTitle')}
				keepLabel={t('projects.credentials.rotateKeep')}
				confirmLabel={t('projects.credentials.rotateConfirm')}
				confirmPalette="red"
				busy={rotating}
				onConfirm={() => void rotate()}
				testIds={{ dialog: 'rotate-password-dialog', confirm: 'rotate-password-confirm' }}
				role="alertdialog"
			>
				<Text>{t('projects.credentials.rotateText')}</Text>
			</ConfirmDialog>
		</Stack>
	);
}
