import { Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LuMailCheck } from 'react-icons/lu';
import { AuthCard } from './auth-card';

type CheckEmailProps = { email: string; message: string; actions: ReactNode };

/** "Check your email" screen after registering or asking for a reset link. */
export function CheckEmail({ email, message, actions }: CheckEmailProps) {
	const { t } = useTranslation();
	return (
		<AuthCard title={t('auth.checkEmail.title')}>
			<Stack gap="5" align="center" textAlign="center" role="status" data-testid="check-email">
				<Icon as={LuMailCheck} boxSize="12" color="green.solid" aria-hidden="true" />
				<Text>
					<Trans
						i18nKey="auth.checkEmail.sentTo"
						values={{ email }}
						// Whole on a line of its own when it does not fit beside the words; broken only if longer than the line.
						components={{ strong: <Text as="strong" display="inline-block" maxW="full" overflowWrap="anywhere" /> }}
					/>
				</Text>
				<Text color="fg.muted">{message}</Text>
				<Text fontSize="sm" color="fg.muted">
					{t('auth.checkEmail.spamHint')}
				</Text>
				<Stack gap="3" w="full">
					{actions}
				</Stack>
			</Stack>
		</AuthCard>
	);
}
