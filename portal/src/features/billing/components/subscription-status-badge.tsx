import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '../lib/subscription-view';

/** The status as a coloured badge; `data-status` carries the badge's label for tests. */
export function SubscriptionStatusBadge({ badge }: { badge: SubscriptionView['badge'] }) {
	const { t } = useTranslation();
	return (
		<Badge colorPalette={badge.palette} variant="solid" rounded="full" px="2.5" data-testid="subscription-status" data-status={badge.label}>
			{t(`billing.status.${badge.label}`)}
		</Badge>
	);
}
