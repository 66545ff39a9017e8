/** A stored notification as the API lists it (`AccountNotification`). */
import { NOTIFICATION_KINDS, type AccountNotification, type NotificationKind } from '@epic/platform-api';
import { fromDbTimestamp } from '../database/db-values.ts';

export interface NotificationRow {
	id: string;
	kind: string;
	project: string | null;
	params: unknown;
	date_created: unknown;
	read_at: unknown;
}

export const NOTIFICATION_COLUMNS = ['id', 'kind', 'project', 'params', 'date_created', 'read_at'];

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** JSON text on SQLite, parsed already on PostgreSQL. */
function paramsOf(value: unknown): Record<string, unknown> | null {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			return null;
		}
	}
	return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/** Null for a row the portal could not tell (a kind this version does not know, params that are not an object). */
export function toAccountNotification(row: NotificationRow): AccountNotification | null {
	const params = paramsOf(row.params);
	if (!isKind(row.kind) || !params) return null;
	return {
		id: String(row.id),
		kind: row.kind,
		project: row.project ?? null,
		params,
		date_created: fromDbTimestamp(row.date_created) ?? '',
		read_at: fromDbTimestamp(row.read_at),
	} as AccountNotification;
}
