/**
 * Studio's view of a project's site log: the same masked lines its owner follows in the portal's
 * project dialog (GET /projects/{id}/logs, which lets staff read any project's), on the project's
 * page. A presentation field (`site_log` in the snapshot): it stores nothing.
 */
import { defineInterface } from '@directus/extensions-sdk';
import SiteLogView from './site-log-view.ts';

export default defineInterface({
	id: 'project-site-log',
	name: 'Project site log',
	icon: 'receipt_long',
	description: "The project's site log as its owner sees it (secrets masked), followed every few seconds.",
	component: SiteLogView,
	types: ['alias'],
	localTypes: ['presentation'],
	group: 'presentation',
	options: null,
});
