import { HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Remaining } from '../../../lib/time/countdown';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * The time left until the offer's real end. A `timer` is not read out on every tick (its live
 * region is off); the end date beside it says the same once.
 */
export function PromotionCountdown({ remaining }: { remaining: Remaining }) {
	const { t } = useTranslation();
	return (
		<HStack role="timer" aria-label={t('landing.promotion.timeLeft')} gap="2" data-testid="promotion-countdown" data-live-updates="">
			{UNITS.map((unit) => (
				<Stack key={unit} gap="0" align="center" minW="14" py="1" px="2" rounded="md" bg="whiteAlpha.200">
					<Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid={`countdown-${unit}`}>
						{String(remaining[unit]).padStart(2, '0')}
					</Text>
					<Text fontSize="xs" opacity="0.9">
						{t(`landing.promotion.units.${unit}`)}
					</Text>
				</Stack>
			))}
		</HStack>
	);
}
