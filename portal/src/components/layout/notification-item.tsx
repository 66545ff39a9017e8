import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import type { AccountNotification, NotificationKind } from '@epic/platform-api';
import type { IconType } from 'react-icons';
import { LuCircleAlert, LuCircleCheck, LuCreditCard, LuGlobe, LuMail, LuUnlink } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { notificationTextValues } from '../../lib/notifications/notification-text';
import { formatWhen } from '../../lib/notifications/relative-time';

const ICONS: Record<NotificationKind, { icon: IconType; color: string }> = {
	project_ready: { icon: LuCircleCheck, color: 'green.fg' },
	project_failed: { icon: LuCircleAlert, color: 'red.fg' },
	payment_failed: { icon: LuCreditCard, color: 'red.fg' },
	subscription_canceling: { icon: LuCreditCard, color: 'orange.fg' },
	subscription_reactivated: { icon: LuCreditCard, color: 'green.fg' },
	subscription_ended: { icon: LuCreditCard, color: 'fg.muted' },
	domain_verified: { icon: LuGlobe, color: 'green.fg' },
	domain_lost: { icon: LuUnlink, color: 'orange.fg' },
	domain_claimed_elsewhere: { icon: LuUnlink, color: 'orange.fg' },
	site_mail_limit: { icon: LuMail, color: 'orange.fg' },
};

type NotificationItemProps = {
	notification: AccountNotification;
	/** Unread when the list was opened: shown as new. */
	isNew: boolean;
	planNameOf: (planId: string) => string | undefined;
	now: Date;
};

/** One notification: its sentence in the reader's language, when it happened, and whether it is new. */
export function NotificationItem({ notification, isNew, planNameOf, now }: NotificationItemProps) {
	const { t, i18n } = useTranslation();
	const locale = i18n.resolvedLanguage ?? i18n.language;
	const { icon: Icon, color } = ICONS[notification.kind];
	const when = formatWhen(notification.date_created, now, locale);
	const exact = new Date(notification.date_created).toLocaleString(locale);

	return (
		<Box
			as="li"
			listStyleType="none"
			px="3"
			py="2.5"
			rounded="md"
			bg={isNew ? 'purple.subtle' : undefined}
			data-testid="notification-item"
			data-kind={notification.kind}
			data-unread={isNew || undefined}
		>
			<HStack align="start" gap="3">
				<Box color={color} pt="0.5" flexShrink={0}>
					<Icon aria-hidden="true" />
				</Box>
				<Box flex="1" minW="0">
					<Text fontSize="sm" data-testid="notification-text">
						{t(`notifications.kinds.${notification.kind}`, notificationTextValues(notification, planNameOf, locale))}
					</Text>
					{when && (
						<Text fontSize="xs" color="fg.muted" asChild>
							<time dateTime={notification.date_created} title={exact}>
								{when}
							</time>
						</Text>
					)}
				</Box>
				{isNew && (
					<Badge size="xs" colorPalette="purple" variant="solid" flexShrink={0}>
						{t('notifications.new')}
					</Badge>
				)}
			</HStack>
		</Box>
	);
}
