/** A blog: posts written by authors and filed under categories; editors run it, writers write. */
import { snapshotOf } from '../snapshot-builder.ts';
import type { SiteTemplate } from '../site-template.ts';

const STATUS = [
	{ text: 'Draft', value: 'draft' },
	{ text: 'Published', value: 'published' },
];

export const blogTemplate: SiteTemplate = {
	id: 'blog',
	snapshot: snapshotOf([
		{
			collection: 'authors',
			icon: 'person',
			note: 'The people who write the posts',
			display: '{{name}}',
			fields: [
				{ field: 'name', type: 'string', required: true, half: true },
				{ field: 'email', type: 'string', half: true },
				{ field: 'bio', type: 'text' },
			],
		},
		{
			collection: 'categories',
			icon: 'label',
			note: 'What the posts are filed under',
			display: '{{name}}',
			fields: [
				{ field: 'name', type: 'string', required: true, half: true },
				{ field: 'slug', type: 'string', required: true, half: true, note: 'Its part of the address, e.g. news' },
				{ field: 'description', type: 'text' },
			],
		},
		{
			collection: 'posts',
			icon: 'article',
			note: 'The blog posts',
			display: '{{title}}',
			fields: [
				{ field: 'title', type: 'string', required: true },
				{ field: 'slug', type: 'string', required: true, half: true },
				{ field: 'status', type: 'string', required: true, half: true, choices: STATUS, default: 'draft' },
				{ field: 'published_on', type: 'date', half: true },
				{ field: 'author', type: 'integer', half: true, references: 'authors' },
				{ field: 'category', type: 'integer', half: true, references: 'categories' },
				{ field: 'summary', type: 'text' },
				{ field: 'body', type: 'text', interface: 'input-rich-text-html' },
			],
		},
	]),
	content: [
		{
			collection: 'authors',
			items: [
				{ id: 1, name: 'Ada Reyes', email: 'ada@example.com', bio: 'Writes about the product and how people use it.' },
				{ id: 2, name: 'Tomás Weber', email: 'tomas@example.com', bio: 'Covers company news and events.' },
			],
		},
		{
			collection: 'categories',
			items: [
				{ id: 1, name: 'News', slug: 'news', description: 'What is new with us.' },
				{ id: 2, name: 'Guides', slug: 'guides', description: 'How to get things done.' },
				{ id: 3, name: 'Stories', slug: 'stories', description: 'People and their work.' },
			],
		},
		{
			collection: 'posts',
			items: [
				{
					id: 1,
					title: 'Hello, world',
					slug: 'hello-world',
					status: 'published',
					published_on: '2026-01-05',
					author: 1,
					category: 1,
					summary: 'The first post of this blog.',
					body: '<p>Welcome to the blog. Edit or delete this post in Studio.</p>',
				},
				{
					id: 2,
					title: 'Writing your first post',
					slug: 'writing-your-first-post',
					status: 'published',
					published_on: '2026-01-12',
					author: 1,
					category: 2,
					summary: 'Posts, authors and categories, and how they fit together.',
					body: '<p>Each post has an author and a category. Set its status to Published when it is ready.</p>',
				},
				{
					id: 3,
					title: 'Behind the scenes',
					slug: 'behind-the-scenes',
					status: 'draft',
					published_on: null,
					author: 2,
					category: 3,
					summary: 'A draft: not published yet.',
					body: '<p>Drafts stay drafts until you publish them.</p>',
				},
			],
		},
	],
	roles: [
		{
			id: '6b0f2a1e-8c3d-4f57-9a61-0b1c2d3e4f01',
			name: 'Editor',
			icon: 'edit_note',
			description: 'Runs the blog: posts, authors and categories.',
			policy: {
				id: '6b0f2a1e-8c3d-4f57-9a61-0b1c2d3e4f11',
				name: 'Blog editing',
				icon: 'edit_note',
				description: 'Creates, edits and deletes posts, authors and categories.',
				permissions: [
					{ collection: 'posts', actions: ['create', 'read', 'update', 'delete'] },
					{ collection: 'authors', actions: ['create', 'read', 'update', 'delete'] },
					{ collection: 'categories', actions: ['create', 'read', 'update', 'delete'] },
				],
			},
		},
		{
			id: '6b0f2a1e-8c3d-4f57-9a61-0b1c2d3e4f02',
			name: 'Writer',
			icon: 'draw',
			description: 'Writes and edits posts; reads authors and categories.',
			policy: {
				id: '6b0f2a1e-8c3d-4f57-9a61-0b1c2d3e4f12',
				name: 'Blog writing',
				icon: 'draw',
				description: 'Creates and edits posts; reads authors and categories.',
				permissions: [
					{ collection: 'posts', actions: ['create', 'read', 'update'] },
					{ collection: 'authors', actions: ['read'] },
					{ collection: 'categories', actions: ['read'] },
				],
			},
		},
	],
};
