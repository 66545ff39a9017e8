import { Code, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';

/**
 * How the Markdown's elements look in the portal. A page's title is its only first-level heading,
 * so a `#` in staff's text is drawn one level down.
 */
const SectionHeading: Components['h2'] = ({ children }) => (
	<Heading as="h2" size="xl" pt="4">
		{children}
	</Heading>
);

const components: Components = {
	h1: SectionHeading,
	h2: SectionHeading,
	h3: ({ children }) => (
		<Heading as="h3" size="lg" pt="4">
			{children}
		</Heading>
	),
	h4: ({ children }) => (
		<Heading as="h4" size="md" pt="4">
			{children}
		</Heading>
	),
	p: ({ children }) => <Text>{children}</Text>,
	strong: ({ children }) => (
		<Text as="strong" fontWeight="semibold">
			{children}
		</Text>
	),
	em: ({ children }) => (
		<Text as="em" fontStyle="italic">
			{children}
		</Text>
	),
	code: ({ children }) => <Code size="sm">{children}</Code>,
	ul: ({ children }) => (
		<List.Root as="ul" ps="6" gap="2">
			{children}
		</List.Root>
	),
	ol: ({ children }) => (
		<List.Root as="ol" ps="6" gap="2">
			{children}
		</List.Root>
	),
	li: ({ children }) => <List.Item>{children}</List.Item>,
	// Paths on this site stay in the portal; other links are ordinary links.
	a: ({ href, children }) =>
		href?.startsWith('/') && !href.startsWith('//') ? (
			<Link asChild colorPalette="purple" variant="underline">
				<RouterLink to={href}>{children}</RouterLink>
			</Link>
		) : (
			<Link href={href} colorPalette="purple" variant="underline" rel="noopener noreferrer">
				{children}
			</Link>
		),
};

/**
 * Staff's Markdown as React elements (react-markdown). HTML typed into it is shown as text, never
 * parsed, and unsafe link targets (`javascript:` and the like) are emptied by its URL filter.
 */
export function MarkdownContent({ source }: { source: string }) {
	return (
		<Stack gap="4" lineHeight="tall">
			<Markdown components={components}>{source}</Markdown>
		</Stack>
	);
}
