import { Button, Icon, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { getErrorMessage } from '../../../lib/api-error';
import { AuthCard } from './auth-card';
import { AuthFailureCard } from './auth-failure-card';

interface LinkAction {
	to: string;
	label: string;
}

export interface TokenLinkResultProps {
	token: string | null;
	/** The server's answer to the link: present once it succeeded. */
	succeeded: boolean;
	error: unknown;
	texts: { workingTitle: string; successTitle: string; successText: string; failureTitle: string; noToken: string };
	successAction: LinkAction;
	failureAction: LinkAction;
	testIds: { success: string; failure?: string };
}

/**
 * The page an emailed link with a token lands on (registration's verification, an email change's
 * confirmation): working while the server checks the token, then success or the reason it failed.
 */
export function TokenLinkResult({ token, succeeded, error, texts, successAction, failureAction, testIds }: TokenLinkResultProps) {
	const { t } = useTranslation();

	if (token && !succeeded && !error) {
		return (
			<AuthCard title={texts.workingTitle}>
				<Stack align="center" gap="4" role="status">
					<Spinner size="xl" color="purple.solid" />
					<Text color="fg.muted">{t('auth.verify.verifyingText')}</Text>
				</Stack>
			</AuthCard>
		);
	}

	if (succeeded) {
		return (
			<AuthCard title={texts.successTitle}>
				<Stack align="center" gap="5" textAlign="center" role="status" data-testid={testIds.success}>
					<Icon as={LuCircleCheck} boxSize="12" color="green.solid" aria-hidden="true" />
					<Text color="fg.muted">{texts.successText}</Text>
					<Button asChild colorPalette="purple" w="full">
						<RouterLink to={successAction.to}>{successAction.label}</RouterLink>
					</Button>
				</Stack>
			</AuthCard>
		);
	}

	return <AuthFailureCard title={texts.failureTitle} icon={LuCircleX} message={token ? getErrorMessage(error) : texts.noToken} action={failureAction} testId={testIds.failure} />;
}
