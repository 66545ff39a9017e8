import { Badge, RadioCard, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ProjectTemplate } from '@epic/platform-api';
import type { TemplateSummary } from '@epic/site-templates';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_PREVIEWS } from '../lib/template-previews';

/** What the starter adds: its collections with their sample items, and its roles (Blank: nothing). */
function TemplateContents({ id, summary }: { id: ProjectTemplate; summary: TemplateSummary }) {
	const { t } = useTranslation();
	if (summary.collections.length === 0) {
		return (
			<Text fontSize="sm" color="fg.muted" data-testid={`project-template-${id}-preview`}>
				{t('projects.templates.empty')}
			</Text>
		);
	}
	return (
		<Stack gap="2" fontSize="sm" data-testid={`project-template-${id}-preview`}>
			<Stack gap="1">
				<Text fontWeight="medium">{t('projects.templates.collections', { count: summary.collections.length })}</Text>
				<Wrap gap="1.5">
					{summary.collections.map(({ collection, items }) => (
						<Badge key={collection} variant="subtle" fontFamily="mono" data-collection={collection}>
							{t('projects.templates.collectionItems', { collection, count: items })}
						</Badge>
					))}
				</Wrap>
			</Stack>
			<Text color="fg.muted">{t('projects.templates.items', { count: summary.items })}</Text>
			<Text color="fg.muted">{t('projects.templates.roles', { roles: summary.roles.join(', ') })}</Text>
		</Stack>
	);
}

/**
 * The starter the project is created from (docs/product.md, Templates), as one radio group of
 * cards: arrow keys move between them, and each card shows what it puts on the site.
 */
export function ProjectTemplatePicker({ value, onChange }: { value: ProjectTemplate; onChange: (template: ProjectTemplate) => void }) {
	const { t } = useTranslation();
	return (
		<RadioCard.Root
			name="template"
			value={value}
			onValueChange={(details) => {
				const picked = TEMPLATE_PREVIEWS.find(({ id }) => id === details.value);
				if (picked) onChange(picked.id);
			}}
			colorPalette="purple"
			data-testid="project-template-picker"
		>
			<RadioCard.Label>{t('projects.templates.label')}</RadioCard.Label>
			<Text fontSize="sm" color="fg.muted">
				{t('projects.templates.hint')}
			</Text>
			<SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
				{TEMPLATE_PREVIEWS.map(({ id, summary }) => (
					<RadioCard.Item key={id} value={id} data-testid={`project-template-${id}`}>
						<RadioCard.ItemHiddenInput />
						<RadioCard.ItemControl>
							<RadioCard.ItemContent gap="2">
								<RadioCard.ItemText>{t(`projects.templates.${id}.name`)}</RadioCard.ItemText>
								<RadioCard.ItemDescription>{t(`projects.templates.${id}.description`)}</RadioCard.ItemDescription>
								<TemplateContents id={id} summary={summary} />
							</RadioCard.ItemContent>
							<RadioCard.ItemIndicator />
						</RadioCard.ItemControl>
					</RadioCard.Item>
				))}
			</SimpleGrid>
		</RadioCard.Root>
	);
}
