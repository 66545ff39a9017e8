/** `POST /account/notifications/read` (`MarkNotificationsReadRequest`): no body, or `{ ids }`. */
import { MARK_READ_MAX_IDS } from '@epic/platform-api';
import { z } from 'zod';

export const MarkReadSchema = z
	.object({
		ids: z
			.array(z.uuid({ error: 'must be notification ids' }), { error: 'must be a list of notification ids' })
			.min(1, 'must name at least one notification')
			.max(MARK_READ_MAX_IDS, `must name at most ${MARK_READ_MAX_IDS} notifications`)
			.optional(),
	})
	.strict();
