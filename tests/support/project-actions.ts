/**
 * Staff's "Project actions" Flow (migrations/20990101K-project-actions-flow.mjs, with its later
 * actions in L and 20990102A), run as Studio runs it: its manual trigger with the selected projects.
 */
import { api, type ApiResponse } from './api.ts';

export const PROJECT_ACTIONS_FLOW = '6b2e8f14-3c7d-4a91-8e55-0f4d9a1c7e31';

/** `body`: the dialog's answers (`action`, and `backup` or `confirm` where the action asks for them). */
export function runProjectActions(token: string, keys: string[], body: Record<string, unknown>): Promise<ApiResponse> {
	return api('POST', `/flows/trigger/${PROJECT_ACTIONS_FLOW}`, { token, body: { collection: 'projects', keys, ...body } });
}
