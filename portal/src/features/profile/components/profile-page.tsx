import { Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuShieldCheck, LuUser, LuUserCog } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/use-auth';
import { AccountTab } from './account-tab';
import { ProfileHeader } from './profile-header';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const TABS = ['profile', 'security', 'account'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/** /profile: the header card, then the Profile, Security and Account tabs (docs/product.md). */
export function ProfilePage() {
	const { t } = useTranslation();
	const { user } = useAuth();
	const [searchParams, setSearchParams] = useSearchParams();
	const requested = searchParams.get('tab');
	const tab: Tab = isTab(requested) ? requested : 'profile';
	if (!user) return null; // ProtectedRoute guarantees a user; this satisfies the type.

	// The open tab is in the URL (?tab=security), so a reload or a shared link keeps it.
	const openTab = (next: string) => {
		if (isTab(next)) setSearchParams(next === 'profile' ? {} : { tab: next }, { replace: true });
	};

	return (
		<Container maxW="4xl" py={{ base: '8', md: '14' }} px={{ base: '4', sm: '6' }}>
			<Stack gap={{ base: '6', md: '8' }}>
				<Stack gap="1">
					<Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
						{t('profile.title')}
					</Heading>
					<Text color="fg.muted">{t('profile.subtitle')}</Text>
				</Stack>
				<ProfileHeader user={user} />
				<Tabs.Root value={tab} onValueChange={(details) => openTab(details.value)} variant="line" colorPalette="purple" fitted>
					<Tabs.List aria-label={t('profile.tabs.label')}>
						<Tabs.Trigger value="profile" data-testid="tab-profile">
							<LuUser aria-hidden="true" />
							{t('profile.tabs.profile')}
						</Tabs.Trigger>
						<Tabs.Trigger value="security" data-testid="tab-security">
							<LuShieldCheck aria-hidden="true" />
							{t('profile.tabs.security')}
						</Tabs.Trigger>
						<Tabs.Trigger value="account" data-testid="tab-account">
							<LuUserCog aria-hidden="true" />
							{t('profile.tabs.account')}
						</Tabs.Trigger>
					</Tabs.List>
					<Tabs.Content value="profile" pt="6">
						<ProfileTab user={user} />
					</Tabs.Content>
					<Tabs.Content value="security" pt="6">
						<SecurityTab user={user} />
					</Tabs.Content>
					<Tabs.Content value="account" pt="6">
						<AccountTab />
					</Tabs.Content>
				</Tabs.Root>
			</Stack>
		</Container>
	);
}
