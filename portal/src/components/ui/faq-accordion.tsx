import { Accordion, Text } from '@chakra-ui/react';
import { useState } from 'react';

export type FaqItem = { id: string; question: string; answer: string };

type FaqAccordionProps = {
	items: FaqItem[];
	/** Test id put on every item, so each page can be queried separately. */
	itemTestId?: string;
};

/** Questions and answers with at most one answer open at a time (docs/product.md, Pages and routes). */
export function FaqAccordion({ items, itemTestId }: FaqAccordionProps) {
	const [openIds, setOpenIds] = useState<string[]>([]);
	return (
		<Accordion.Root collapsible value={openIds} onValueChange={(details) => setOpenIds(details.value)} variant="enclosed" bg="bg">
			{items.map((item) => (
				<Accordion.Item key={item.id} value={item.id} data-testid={itemTestId}>
					<Accordion.ItemTrigger cursor="pointer" py="4" fontWeight="semibold" textAlign="start">
						<Text flex="1">{item.question}</Text>
						<Accordion.ItemIndicator />
					</Accordion.ItemTrigger>
					<Accordion.ItemContent>
						<Accordion.ItemBody color="fg.muted">{item.answer}</Accordion.ItemBody>
					</Accordion.ItemContent>
				</Accordion.Item>
			))}
		</Accordion.Root>
	);
}
