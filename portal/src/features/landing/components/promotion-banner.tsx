import { Badge, Box, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextParagraphs } from '../../../components/ui/text-paragraphs';
import type { Promotion } from '../../../lib/site-content/site-content-api';
import { remainingUntil } from '../../../lib/time/countdown';
import { systemClock, useNow, type Clock } from '../../../lib/time/use-now';
import { PromotionCountdown } from './promotion-countdown';

const TICK_MS = 1000;

type PromotionBannerProps = { promotion: Promotion; clock?: Clock };

/**
 * The offer staff published, with its real end date and a countdown to it; gone once it has ended
 * (the server no longer answers it either).
 */
export function PromotionBanner({ promotion, clock = systemClock }: PromotionBannerProps) {
	const { t, i18n } = useTranslation();
	const now = useNow(TICK_MS, clock);
	const endsAt = Date.parse(promotion.ends_at);
	const remaining = remainingUntil(endsAt, now);
	if (remaining.ended) return null;
	const pageLanguage = i18n.resolvedLanguage ?? i18n.language;
	const endDate = new Intl.DateTimeFormat(pageLanguage, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(endsAt));

	return (
		<Box as="section" aria-labelledby="promotion-heading" bg="purple.solid" color="white" py="6" data-testid="promotion-banner">
			<Container maxW="6xl">
				<Flex gap="6" direction={{ base: 'column', md: 'row' }} align={{ base: 'start', md: 'center' }} justify="space-between">
					<Stack gap="2" lang={promotion.language === pageLanguage ? undefined : promotion.language}>
						<Badge alignSelf="start" variant="solid" bg="white" color="purple.700">
							{t('landing.promotion.label')}
						</Badge>
						<Heading id="promotion-heading" as="h2" size="lg" data-testid="promotion-title">
							{promotion.title}
						</Heading>
						<TextParagraphs text={promotion.text} opacity="0.95" />
					</Stack>
					<Stack gap="2" align={{ base: 'start', md: 'end' }} flexShrink="0">
						<Text fontSize="sm" data-testid="promotion-ends">
							{t('landing.promotion.ends', { date: endDate })}
						</Text>
						<PromotionCountdown remaining={remaining} />
					</Stack>
				</Flex>
			</Container>
		</Box>
	);
}
