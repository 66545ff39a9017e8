/** The `dns-recheck` Flow operation as Studio shows it: optionally limited to selected projects. */
import { defineOperationApp } from '@directus/extensions-sdk';

export default defineOperationApp({
	id: 'dns-recheck',
	name: 'Re-check custom domains',
	icon: 'dns',
	description: 'Checks the custom domains of projects; serves those that point here and stops serving those failing their checks for a day.',
	overview: ({ projects }) => [{ label: 'Projects', text: typeof projects === 'string' && projects ? projects : 'All with a custom domain' }],
	options: [
		{
			field: 'projects',
			name: 'Projects',
			type: 'string',
			meta: {
				width: 'full',
				interface: 'input',
				note: 'Project ids to check, usually {{$trigger.body.keys}} in a manual Flow; empty checks every project with a custom domain.',
				options: { placeholder: '{{$trigger.body.keys}}' },
			},
		},
	],
});
