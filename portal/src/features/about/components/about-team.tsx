import { Avatar, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '../../../lib/site-content/site-content-api';

/** The people staff published, in their order, each with a photo only if staff gave one. */
export function AboutTeam({ members, pageLanguage }: { members: TeamMember[]; pageLanguage: string }) {
	const { t } = useTranslation();
	return (
		<SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" data-testid="about-team">
			{members.map((member) => (
				<Card.Root key={member.id} as="article" data-testid="team-member" lang={member.language === pageLanguage ? undefined : member.language}>
					<Card.Body gap="4" alignItems="center" textAlign="center">
						<Avatar.Root size="2xl" colorPalette="purple">
							<Avatar.Fallback name={member.name} />
							{member.photo_url && <Avatar.Image src={member.photo_url} alt={t('about.team.photoAlt', { name: member.name })} />}
						</Avatar.Root>
						<Stack gap="0">
							<Heading as="h3" size="md" data-testid="team-member-name">
								{member.name}
							</Heading>
							<Text color="purple.fg" fontWeight="medium">
								{member.role}
							</Text>
						</Stack>
						{member.bio && (
							<Text color="fg.muted" whiteSpace="pre-line">
								{member.bio}
							</Text>
						)}
					</Card.Body>
				</Card.Root>
			))}
		</SimpleGrid>
	);
}
