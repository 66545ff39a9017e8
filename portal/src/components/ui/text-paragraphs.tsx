import { Stack, Text, type TextProps } from '@chakra-ui/react';

type TextParagraphsProps = { text: string } & Omit<TextProps, 'children'>;

/**
 * Plain text staff typed in Studio, one paragraph per blank-line-separated part and its line
 * breaks kept. Rendered as text, never as HTML.
 */
export function TextParagraphs({ text, ...textProps }: TextParagraphsProps) {
	const paragraphs = text
		.split(/\n\s*\n/)
		.map((part) => part.trim())
		.filter(Boolean);
	return (
		<Stack gap="2">
			{paragraphs.map((paragraph, index) => (
				<Text key={index} whiteSpace="pre-line" {...textProps}>
					{paragraph}
				</Text>
			))}
		</Stack>
	);
}
