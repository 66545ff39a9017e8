import { Avatar } from '@chakra-ui/react';
import type { SessionUser } from '../../lib/auth/session-user';
import { assetUrl } from '../../lib/directus';

/** The user's picture, or the first letter of their name when there is none (or it fails to load). */
export function UserAvatar({ user, size = 'sm' }: { user: SessionUser; size?: 'sm' | 'md' }) {
  return (
    <Avatar.Root size={size} colorPalette="purple">
      <Avatar.Fallback>{user.name.charAt(0).toUpperCase()}</Avatar.Fallback>
      {user.avatar && <Avatar.Image src={assetUrl(user.avatar)} alt="" />}
    </Avatar.Root>
  );
}
