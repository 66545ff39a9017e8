import { Avatar } from '@chakra-ui/react';
import type { SessionUser } from '../../lib/auth/session-user';
import { useAvatarImageUrl } from '../../lib/avatar/account-avatar';
import { useGeneratedAvatar } from '../../lib/avatar/generated-avatar';

type UserAvatarProps = {
	user: SessionUser;
	size?: 'sm' | 'md' | '2xl';
	/**
	 * What stands in for a missing picture: the first letter of the name (the navigation), or a
	 * cartoon generated from the email (the profile). The letter also shows while an image loads
	 * and if it fails.
	 */
	fallback?: 'initial' | 'generated';
	alt?: string;
	testId?: string;
};

/** The user's picture (served to its owner only, see lib/avatar), or a stand-in when there is none. */
export function UserAvatar({ user, size = 'sm', fallback = 'initial', alt = '', testId }: UserAvatarProps) {
	// Twice the CSS size, for high-density screens (the sizes the server serves).
	const uploaded = useAvatarImageUrl(user.avatar, size === '2xl' ? 256 : 64);
	const generated = useGeneratedAvatar(fallback === 'generated' && !user.avatar ? user.email : null);
	const src = uploaded ?? generated;

	return (
		<Avatar.Root size={size} colorPalette="purple" data-testid={testId}>
			<Avatar.Fallback>{user.name.charAt(0).toUpperCase()}</Avatar.Fallback>
			{src && (
				<Avatar.Image
					// A new image is a new element, so the loading state starts over.
					key={src}
					src={src}
					alt={alt}
					data-kind={uploaded ? 'uploaded' : 'generated'}
					data-testid={testId ? `${testId}-image` : undefined}
				/>
			)}
		</Avatar.Root>
	);
}
