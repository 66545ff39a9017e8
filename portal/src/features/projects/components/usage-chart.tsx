import { Box } from '@chakra-ui/react';
import type { DailyRequests } from '@epic/platform-api';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { busiestDay, formatCount, formatDay } from '../lib/usage-format';

const BAR_WIDTH = 3;
const BAR_GAP = 1;
const HEIGHT = 32;
/** Days without requests still get a sliver, so the 30 days read as a row. */
const EMPTY_BAR_HEIGHT = 1;

/**
 * One bar per day of the last 30 (oldest on the left), scaled to the busiest day. Screen readers get
 * the chart's text alternative (total and busiest day); each bar's title shows its day and count.
 */
export function UsageChart({ daily, total }: { daily: DailyRequests[]; total: number }) {
	const { t, i18n } = useTranslation();
	const titleId = useId();
	const locale = i18n.resolvedLanguage;
	const busiest = busiestDay(daily);
	const peak = busiest?.requests ?? 0;
	const label = busiest
		? t('projects.usage.chartLabel', { total: formatCount(total, locale), day: formatDay(busiest.day, locale), peak: formatCount(peak, locale) })
		: t('projects.usage.chartEmpty');
	const width = daily.length * (BAR_WIDTH + BAR_GAP) - BAR_GAP;

	return (
		<Box colorPalette="purple" color="colorPalette.solid" data-testid="project-usage-chart">
			<svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${width} ${HEIGHT}`} width="100%" height={HEIGHT} preserveAspectRatio="none">
				<title id={titleId}>{label}</title>
				{daily.map((entry, index) => {
					const height = peak > 0 && entry.requests > 0 ? Math.max(EMPTY_BAR_HEIGHT, (entry.requests / peak) * HEIGHT) : EMPTY_BAR_HEIGHT;
					return (
						<rect
							key={entry.day}
							x={index * (BAR_WIDTH + BAR_GAP)}
							y={HEIGHT - height}
							width={BAR_WIDTH}
							height={height}
							fill="currentColor"
							opacity={entry.requests > 0 ? 1 : 0.25}
							data-day={entry.day}
							data-requests={entry.requests}
						>
							<title>{t('projects.usage.barTitle', { day: formatDay(entry.day, locale), requests: formatCount(entry.requests, locale) })}</title>
						</rect>
					);
				})}
			</svg>
		</Box>
	);
}
