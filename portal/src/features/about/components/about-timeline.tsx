import { Heading, Text, Timeline } from '@chakra-ui/react';
import type { TimelineEntry } from '../../../lib/site-content/site-content-api';

/** The milestones staff published, in year order; the About page leaves it out while there are none. */
export function AboutTimeline({ entries, pageLanguage }: { entries: TimelineEntry[]; pageLanguage: string }) {
	return (
		<Timeline.Root as="ol" size="lg" colorPalette="purple" data-testid="about-timeline" maxW="2xl" mx="auto">
			{entries.map((entry) => (
				<Timeline.Item as="li" key={entry.id} data-testid="timeline-entry" lang={entry.language === pageLanguage ? undefined : entry.language}>
					<Timeline.Connector>
						<Timeline.Separator />
						<Timeline.Indicator />
					</Timeline.Connector>
					<Timeline.Content gap="1" pb="6">
						<Text fontWeight="bold" color="purple.fg" data-testid="timeline-year">
							{entry.year}
						</Text>
						<Heading as="h3" size="md" data-testid="timeline-title">
							{entry.title}
						</Heading>
						{entry.text && (
							<Text color="fg.muted" whiteSpace="pre-line">
								{entry.text}
							</Text>
						)}
					</Timeline.Content>
				</Timeline.Item>
			))}
		</Timeline.Root>
	);
}
