import type { SessionUser } from '../../lib/auth/session-user';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

type SignedInActionsProps = { user: SessionUser; onLogout: () => void };

/** The bell and the account menu: one chunk, loaded only once someone is signed in. */
export function SignedInActions({ user, onLogout }: SignedInActionsProps) {
	return (
		<>
			<NotificationBell />
			<UserMenu user={user} onLogout={onLogout} />
		</>
	);
}
