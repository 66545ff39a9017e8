import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTrash2, LuTriangleAlert } from 'react-icons/lu';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { useDeleteAccount } from '../api/delete-account';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The danger zone: deleting the account, after a confirmation with the password. */
export function AccountTab() {
	const { t } = useTranslation();
	const { endSession } = useAuth();
	const [confirming, setConfirming] = useState(false);
	const remove = useDeleteAccount();

	const deleteAccount = async (password: string) => {
		try {
			await remove.trigger({ password });
		} catch (error) {
			toaster.error({
				title: t('profile.toast.deleteFailed'),
				description: getErrorMessage(error, t('profile.toast.deleteFailedFallback')),
			});
			return;
		}
		// The account is gone, and its session with it: sign out here without asking the server.
		await endSession();
		toaster.success({ title: t('profile.toast.accountDeleted') });
	};

	return (
		<Card.Root borderColor="border.error" data-testid="danger-zone">
			<Card.Body gap="4" alignItems="flex-start">
				<Heading as="h3" size="md" color="fg.error" display="flex" alignItems="center" gap="2">
					<LuTriangleAlert aria-hidden="true" />
					{t('profile.account.dangerTitle')}
				</Heading>
				<Stack gap="1">
					<Text>{t('profile.account.dangerText')}</Text>
				</Stack>
				<Button colorPalette="red" onClick={() => setConfirming(true)} data-testid="delete-account">
					<LuTrash2 aria-hidden="true" />
					{t('profile.account.delete')}
				</Button>
			</Card.Body>
			{/* Mounted only while asking, so the password typed is never kept. */}
			{confirming && <DeleteAccountDialog busy={remove.isMutating} onClose={() => setConfirming(false)} onConfirm={(password) => void deleteAccount(password)} />}
		</Card.Root>
	);
}
