/** The `dns-verify` Flow operation as Studio shows it: one option, the domain (a template is fine). */
import { defineOperationApp } from '@directus/extensions-sdk';

export default defineOperationApp({
	id: 'dns-verify',
	name: 'Verify DNS',
	icon: 'dns',
	description: "Checks that a domain's A record points to the platform's public IP address.",
	overview: ({ domain }) => [{ label: 'Domain', text: typeof domain === 'string' ? domain : '' }],
	options: [
		{
			field: 'domain',
			name: 'Domain',
			type: 'string',
			meta: {
				width: 'full',
				interface: 'input',
				required: true,
				note: 'The domain to check, such as example.com or {{$trigger.body.domain}}. The result is { verified, message }.',
				options: { placeholder: '{{$trigger.body.domain}}' },
			},
		},
	],
});
