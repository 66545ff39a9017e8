import { Alert, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

type UnverifiedNoticeProps = { busy: boolean; onResend: () => void };

/** Sign-in refused because the email is not verified yet: says so, and offers the email again. */
export function UnverifiedNotice({ busy, onResend }: UnverifiedNoticeProps) {
	const { t } = useTranslation();
	return (
		<Alert.Root status="warning" data-testid="unverified-notice">
			<Alert.Indicator />
			<Stack gap="3" flex="1">
				<Alert.Content>
					<Alert.Title>{t('auth.unverified.title')}</Alert.Title>
					<Alert.Description>{t('errors.code.EMAIL_NOT_VERIFIED')}</Alert.Description>
				</Alert.Content>
				<Button size="sm" variant="outline" alignSelf="flex-start" loading={busy} onClick={onResend} data-testid="resend-verification">
					{t('auth.unverified.resend')}
				</Button>
			</Stack>
		</Alert.Root>
	);
}
