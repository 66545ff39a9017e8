/** The `project-actions` Flow operation as Studio shows it: one action on the selected projects. */
import { defineOperationApp } from '@directus/extensions-sdk';

export default defineOperationApp({
	id: 'project-actions',
	name: 'Act on projects',
	icon: 'build',
	description: "Suspends, resumes, restarts, backs up, upgrades, restores or deletes the selected projects' sites.",
	overview: ({ action, projects }) => [
		{ label: 'Action', text: typeof action === 'string' ? action : '' },
		{ label: 'Projects', text: typeof projects === 'string' ? projects : '' },
	],
	options: [
		{
			field: 'action',
			name: 'Action',
			type: 'string',
			meta: {
				width: 'half',
				interface: 'input',
				note: "suspend, resume, restart, back-up, upgrade, restore or delete; usually {{$trigger.body.action}} from the manual Flow's confirmation dialog.",
				options: { placeholder: '{{$trigger.body.action}}' },
			},
		},
		{
			field: 'projects',
			name: 'Projects',
			type: 'string',
			meta: {
				width: 'half',
				interface: 'input',
				note: 'Project ids, usually {{$trigger.body.keys}}; at least one is required.',
				options: { placeholder: '{{$trigger.body.keys}}' },
			},
		},
		{
			field: 'backup',
			name: 'Backup',
			type: 'string',
			meta: {
				width: 'half',
				interface: 'input',
				note: "Restore only: the backup id, usually {{$trigger.body.backup}}. Without one, the answer lists the project's backups.",
				options: { placeholder: '{{$trigger.body.backup}}' },
			},
		},
		{
			field: 'confirm',
			name: 'Confirmation',
			type: 'string',
			meta: {
				width: 'half',
				interface: 'input',
				note: 'Delete only: must be the word delete, usually {{$trigger.body.confirm}}.',
				options: { placeholder: '{{$trigger.body.confirm}}' },
			},
		},
	],
});
