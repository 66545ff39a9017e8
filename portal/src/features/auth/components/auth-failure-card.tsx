import { Button, Icon, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { AuthCard } from './auth-card';

interface AuthFailureCardProps {
	title: string;
	icon: IconType;
	message: string;
	/** The way forward (request a new link, register again); "back to login" is always offered. */
	action: { to: string; label: string };
	testId?: string;
}

/** An auth link that did not work: what happened, the way forward, and the way back to login. */
export function AuthFailureCard({ title, icon, message, action, testId }: AuthFailureCardProps) {
	const { t } = useTranslation();
	return (
		<AuthCard title={title}>
			<Stack align="center" gap="5" textAlign="center" role="alert" data-testid={testId}>
				<Icon as={icon} boxSize="12" color="red.solid" aria-hidden="true" />
				<Text color="fg.muted">{message}</Text>
				<Stack w="full" gap="3">
					<Button asChild colorPalette="purple">
						<RouterLink to={action.to}>{action.label}</RouterLink>
					</Button>
					<Button asChild variant="outline">
						<RouterLink to={paths.auth.getHref()}>{t('auth.backToLogin')}</RouterLink>
					</Button>
				</Stack>
			</Stack>
		</AuthCard>
	);
}
