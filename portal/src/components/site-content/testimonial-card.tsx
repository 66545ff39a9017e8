import { Blockquote, Card, Icon, Stack, Text } from '@chakra-ui/react';
import { LuQuote } from 'react-icons/lu';
import type { Testimonial } from '../../lib/site-content/site-content-api';
import { TextParagraphs } from '../ui/text-paragraphs';

type TestimonialCardProps = { testimonial: Testimonial; pageLanguage: string };

/** A customer's words as staff published them; marked with its own language when it is not the page's. */
export function TestimonialCard({ testimonial, pageLanguage }: TestimonialCardProps) {
	return (
		<Card.Root as="figure" variant="subtle" data-testid="testimonial" lang={testimonial.language === pageLanguage ? undefined : testimonial.language} h="full">
			<Card.Body gap="4">
				<Icon as={LuQuote} boxSize="6" color="purple.solid" aria-hidden="true" />
				<Blockquote.Root variant="plain" p="0">
					<Blockquote.Content data-testid="testimonial-quote">
						<TextParagraphs text={testimonial.quote} fontSize="lg" />
					</Blockquote.Content>
				</Blockquote.Root>
				<Stack as="figcaption" gap="0">
					<Text fontWeight="semibold" data-testid="testimonial-author">
						{testimonial.author_name}
					</Text>
					{testimonial.author_role && (
						<Text color="fg.muted" fontSize="sm">
							{testimonial.author_role}
						</Text>
					)}
				</Stack>
			</Card.Body>
		</Card.Root>
	);
}
