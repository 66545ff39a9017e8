/** A company site: pages, the navigation that links them, and the company's details in one place. */
import { snapshotOf } from '../snapshot-builder.ts';
import type { SiteTemplate } from '../site-template.ts';

export const companyTemplate: SiteTemplate = {
	id: 'company',
	snapshot: snapshotOf([
		{
			collection: 'pages',
			icon: 'description',
			note: "The site's pages",
			display: '{{title}}',
			fields: [
				{ field: 'title', type: 'string', required: true },
				{ field: 'slug', type: 'string', required: true, half: true, note: 'Its address, e.g. about' },
				{
					field: 'status',
					type: 'string',
					required: true,
					half: true,
					default: 'draft',
					choices: [
						{ text: 'Draft', value: 'draft' },
						{ text: 'Published', value: 'published' },
					],
				},
				{ field: 'body', type: 'text', interface: 'input-rich-text-html' },
			],
		},
		{
			collection: 'navigation',
			icon: 'menu',
			note: "The site's menu, in order: a page of the site or an outside address",
			display: '{{label}}',
			sortable: true,
			fields: [
				{ field: 'label', type: 'string', required: true, half: true },
				{ field: 'page', type: 'integer', half: true, references: 'pages' },
				{ field: 'url', type: 'string', note: 'An outside address, for an entry without a page' },
			],
		},
		{
			collection: 'company',
			icon: 'apartment',
			note: 'The company: name, tagline and how to reach it',
			display: '{{name}}',
			singleton: true,
			fields: [
				{ field: 'name', type: 'string', required: true, half: true },
				{ field: 'tagline', type: 'string', half: true },
				{ field: 'email', type: 'string', half: true },
				{ field: 'phone', type: 'string', half: true },
				{ field: 'address', type: 'text' },
			],
		},
	]),
	content: [
		{
			collection: 'pages',
			items: [
				{ id: 1, title: 'Home', slug: 'home', status: 'published', body: '<p>We make things people like. This is the home page: edit it in Studio.</p>' },
				{ id: 2, title: 'About us', slug: 'about', status: 'published', body: '<p>Who we are and what we do.</p>' },
				{ id: 3, title: 'Services', slug: 'services', status: 'published', body: '<p>What we offer, one section each.</p>' },
				{ id: 4, title: 'Contact', slug: 'contact', status: 'published', body: '<p>Write to us or call: the details are in Company.</p>' },
			],
		},
		{
			collection: 'navigation',
			items: [
				{ id: 1, label: 'Home', page: 1, url: null, sort: 1 },
				{ id: 2, label: 'About', page: 2, url: null, sort: 2 },
				{ id: 3, label: 'Services', page: 3, url: null, sort: 3 },
				{ id: 4, label: 'Contact', page: 4, url: null, sort: 4 },
			],
		},
		{
			collection: 'company',
			items: [{ name: 'Example Company', tagline: 'Good work, on time', email: 'hello@example.com', phone: '+1 555 0100', address: '1 Main Street\nSpringfield' }],
		},
	],
	roles: [
		{
			id: '7c1e3b2f-9d4e-4a68-8b72-1c2d3e4f5a01',
			name: 'Content manager',
			icon: 'web',
			description: 'Edits pages and the navigation, and the company details.',
			policy: {
				id: '7c1e3b2f-9d4e-4a68-8b72-1c2d3e4f5a11',
				name: 'Site content',
				icon: 'web',
				description: 'Creates, edits and deletes pages and navigation entries; edits the company details.',
				permissions: [
					{ collection: 'pages', actions: ['create', 'read', 'update', 'delete'] },
					{ collection: 'navigation', actions: ['create', 'read', 'update', 'delete'] },
					{ collection: 'company', actions: ['read', 'update'] },
				],
			},
		},
	],
};
