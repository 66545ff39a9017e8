import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import type { NotificationList as List } from '@epic/platform-api';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlans } from '../../lib/plans/get-plans';
import { NotificationItem } from './notification-item';

type NotificationListProps = {
	list: List | undefined;
	failed: boolean;
	shownUnread: ReadonlySet<string>;
};

/** The bell's list, newest first; mounted only while it is open (it also reads the plans' names). */
export function NotificationList({ list, failed, shownUnread }: NotificationListProps) {
	const { t } = useTranslation();
	const { data: plans } = usePlans();
	const planNames = useMemo(() => new Map((plans ?? []).map((plan) => [plan.id, plan.name])), [plans]);
	const now = new Date();

	if (!list) {
		if (failed) {
			return (
				<Text fontSize="sm" color="fg.error" px="3" py="4" data-testid="notifications-error">
					{t('notifications.loadError')}
				</Text>
			);
		}
		return (
			<Center py="6">
				<Spinner size="sm" color="purple.solid" aria-label={t('common.loading')} />
			</Center>
		);
	}
	if (list.notifications.length === 0) {
		return (
			<Text fontSize="sm" color="fg.muted" px="3" py="4" data-testid="notifications-empty">
				{t('notifications.empty')}
			</Text>
		);
	}
	return (
		<Box as="ul" m="0" p="0" data-testid="notifications-list">
			{list.notifications.map((notification) => (
				<NotificationItem key={notification.id} notification={notification} isNew={shownUnread.has(notification.id)} planNameOf={(id) => planNames.get(id)} now={now} />
			))}
		</Box>
	);
}
