import { Box, Button, Float, Popover, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBell } from 'react-icons/lu';
import { useNotifications } from '../../lib/notifications/get-notifications';
import { NotificationList } from './notification-list';
import { useMarkReadOnOpen } from './use-mark-read-on-open';

/** Largest count the badge spells out. */
const BADGE_MAX = 99;

/**
 * The signed-in customer's bell (docs/product.md, Notifications): the number of unread
 * notifications (no badge at zero), and a list of the newest that marks them read when opened.
 */
export function NotificationBell() {
	const { t } = useTranslation();
	const { data, error, mutate } = useNotifications();
	const [open, setOpen] = useState(false);
	const shownUnread = useMarkReadOnOpen(open, data, mutate);
	const unread = data?.unread ?? 0;

	return (
		<Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
			<Popover.Trigger asChild>
				<Button
					variant="ghost"
					size="sm"
					px="2"
					position="relative"
					aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
					data-testid="notification-bell"
				>
					<LuBell aria-hidden="true" />
					{unread > 0 && (
						<Float placement="top-end" offset="1.5">
							<Box
								aria-hidden="true"
								display="flex"
								alignItems="center"
								justifyContent="center"
								minW="4.5"
								h="4.5"
								px="1"
								rounded="full"
								bg="red.solid"
								color="red.contrast"
								fontSize="2xs"
								fontWeight="bold"
								lineHeight="1"
								data-testid="notification-badge"
							>
								{unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
							</Box>
						</Float>
					)}
				</Button>
			</Popover.Trigger>
			<Portal>
				<Popover.Positioner>
					{/* Named here: the title below mounts with the content, after the popover has looked for it. */}
					<Popover.Content w={{ base: 'xs', sm: 'sm' }} aria-label={t('notifications.title')} data-testid="notifications-panel">
						{/* A <header> here would be a second banner landmark beside the page's own. */}
						<Popover.Header as="div" pb="1">
							<Popover.Title fontWeight="semibold">{t('notifications.title')}</Popover.Title>
						</Popover.Header>
						<Popover.Body px="2" pt="1" pb="2" maxH="96" overflowY="auto">
							<NotificationList list={data} failed={Boolean(error)} shownUnread={shownUnread} />
						</Popover.Body>
					</Popover.Content>
				</Popover.Positioner>
			</Portal>
		</Popover.Root>
	);
}
