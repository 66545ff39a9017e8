import { Badge, Card, Flex, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBadgeCheck, LuCircleCheck } from 'react-icons/lu';
import { UserAvatar } from '../../../components/layout/user-avatar';
import type { SessionUser } from '../../../lib/auth/session-user';

/** Avatar, name, email and the account's state. */
export function ProfileHeader({ user }: { user: SessionUser }) {
	const { t } = useTranslation();
	// Only a verified account that is not locked is `active`, and only such an account signs in.
	const active = user.status === 'active';
	return (
		<Card.Root data-testid="profile-header">
			<Card.Body>
				<Flex direction={{ base: 'column', sm: 'row' }} align="center" gap={{ base: '4', sm: '6' }} textAlign={{ base: 'center', sm: 'start' }}>
					<UserAvatar user={user} size="2xl" fallback="generated" alt={t('profile.header.avatarAlt', { name: user.name })} testId="profile-header-avatar" />
					<Stack gap="2" minW="0">
						<Heading as="h2" size="xl" data-testid="profile-name" wordBreak="break-word">
							{user.name}
						</Heading>
						<Text color="fg.muted" data-testid="profile-email" wordBreak="break-all">
							{user.email}
						</Text>
						{active && (
							<Wrap gap="2" justify={{ base: 'center', sm: 'flex-start' }}>
								<Badge colorPalette="green" size="md" data-testid="badge-active">
									<LuCircleCheck aria-hidden="true" />
									{t('profile.header.active')}
								</Badge>
								<Badge colorPalette="blue" size="md" data-testid="badge-verified">
									<LuBadgeCheck aria-hidden="true" />
									{t('profile.header.verified')}
								</Badge>
							</Wrap>
						)}
					</Stack>
				</Flex>
			</Card.Body>
		</Card.Root>
	);
}
