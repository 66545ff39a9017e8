import { Heading, Stack, Text } from '@chakra-ui/react';

type SectionHeadingProps = { id?: string; title: string; subtitle?: string };

/** Centered title and lead text that opens a page section. */
export function SectionHeading({ id, title, subtitle }: SectionHeadingProps) {
	return (
		<Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb="10">
			<Heading id={id} as="h2" size={{ base: '2xl', md: '3xl' }}>
				{title}
			</Heading>
			{subtitle && (
				<Text color="fg.muted" fontSize="lg">
					{subtitle}
				</Text>
			)}
		</Stack>
	);
}
