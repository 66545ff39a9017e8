import { directus } from '../../../lib/directus';
import { backupPath } from './projects-request';

/**
 * `GET /projects/{id}/backups/{backupId}/download` as the browser's own download. A link cannot
 * carry the bearer token, so the archive is fetched with it and handed to the browser as a blob; a
 * refusal throws like the SDK does (`{ errors, response }`), which lib/api-error.ts reads.
 */
export async function downloadBackup(projectId: string, backupId: string): Promise<void> {
	const token = await directus.getToken();
	const response = await fetch(`${backupPath(projectId, backupId)}/download`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
	if (!response.ok) {
		const body = (await response.json().catch(() => ({}))) as { errors?: unknown };
		throw { errors: body.errors, response };
	}
	const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${backupId}.tar.gz`;
	const url = URL.createObjectURL(await response.blob());
	try {
		const link = document.createElement('a');
		link.href = url;
		link.download = name;
		link.click();
	} finally {
		// The click has handed the blob to the download; revoking later keeps slow browsers safe.
		setTimeout(() => URL.revokeObjectURL(url), 60_000);
	}
}
