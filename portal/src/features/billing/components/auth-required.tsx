import { Button, Card, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuLock } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { ReturnToState } from '../../../lib/auth/return-to';

/** Shown where a billing call needs a session the customer no longer has; login returns here. */
export function AuthRequired() {
	const { t } = useTranslation();
	const location = useLocation();
	const state: ReturnToState = { from: location.pathname + location.search };
	return (
		<Card.Root maxW="md" mx="auto" data-testid="auth-required">
			<Card.Body>
				<Stack align="center" gap="4" textAlign="center">
					<Icon as={LuLock} boxSize="10" color="purple.solid" aria-hidden="true" />
					<Heading as="h2" size="lg">
						{t('billing.authRequired.title')}
					</Heading>
					<Text color="fg.muted">{t('billing.authRequired.text')}</Text>
					<Button asChild colorPalette="purple" data-testid="auth-required-login">
						<RouterLink to={paths.auth.getHref()} state={state}>
							{t('billing.authRequired.login')}
						</RouterLink>
					</Button>
				</Stack>
			</Card.Body>
		</Card.Root>
	);
}
