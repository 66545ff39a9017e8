/**
 * Tells a project's owner, once, that its site reached its plan's emails per hour: the runtime's
 * status names the hour's first refused send (`mail.limitReachedAt`), the project row keeps the one
 * already told of (`mail_limit_reached_at`), and only the write that replaces the stored value
 * writes the notification, so two syncs seeing the same refusal tell it once.
 */
import type { Knex } from 'knex';
import { fromDbTimestamp, toDbTimestamp } from '../../database/db-values.ts';
import type { Notify } from '../../notifications/notify.ts';
import type { InstanceStatus } from '../../runtime-driver/runtime-driver.ts';

interface MailLimitRow {
	id: string;
	name: string;
	owner: string | null;
	mail_limit_reached_at: unknown;
}

/** The statuses whose refusal is newer than the one stored for their project. */
export function newMailLimitRefusals(statuses: InstanceStatus[], stored: Map<string, string | null>): InstanceStatus[] {
	return statuses.filter((status) => {
		const reached = status.mail?.limitReachedAt;
		if (!reached || !stored.has(status.projectId)) return false;
		const told = stored.get(status.projectId);
		return !told || Date.parse(told) < Date.parse(reached);
	});
}

/** Returns how many owners were told. */
export async function noticeMailLimits(database: Knex, statuses: InstanceStatus[], notify: Notify): Promise<number> {
	const reaching = statuses.filter((status) => status.mail?.limitReachedAt);
	if (!reaching.length) return 0;
	const rows = (await database('projects')
		.select('id', 'name', 'owner', 'mail_limit_reached_at')
		.whereIn(
			'id',
			reaching.map((status) => status.projectId),
		)) as MailLimitRow[];
	const stored = new Map(rows.map((row) => [String(row.id), fromDbTimestamp(row.mail_limit_reached_at)]));
	let told = 0;
	for (const status of newMailLimitRefusals(reaching, stored)) {
		const row = rows.find((candidate) => String(candidate.id) === status.projectId)!;
		const previous = row.mail_limit_reached_at;
		const written = await database('projects')
			.where({ id: row.id })
			.where((query) => (previous === null || previous === undefined ? query.whereNull('mail_limit_reached_at') : query.where('mail_limit_reached_at', previous)))
			.update({ mail_limit_reached_at: toDbTimestamp(database, new Date(status.mail!.limitReachedAt!)) });
		if (written !== 1 || !row.owner) continue;
		await notify({ user: row.owner, kind: 'site_mail_limit', project: row.id, params: { project_name: row.name, limit_per_hour: status.mail!.limitPerHour } });
		told += 1;
	}
	return told;
}
