import { Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/** Narrow centered card every auth screen sits in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
	return (
		<Container maxW="md" py={{ base: '8', md: '16' }} px={{ base: '4', sm: '6' }}>
			<Card.Root>
				<Card.Body gap="6" p={{ base: '5', sm: '8' }}>
					<Stack gap="2" textAlign="center">
						<Heading as="h1" size="2xl">
							{title}
						</Heading>
						{subtitle && <Text color="fg.muted">{subtitle}</Text>}
					</Stack>
					{children}
				</Card.Body>
			</Card.Root>
		</Container>
	);
}
