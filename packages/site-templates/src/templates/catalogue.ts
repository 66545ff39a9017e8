/** A product catalogue: products with prices and stock, sorted into categories and brands. */
import { snapshotOf } from '../snapshot-builder.ts';
import type { SiteTemplate } from '../site-template.ts';

export const catalogueTemplate: SiteTemplate = {
	id: 'catalogue',
	snapshot: snapshotOf([
		{
			collection: 'product_categories',
			icon: 'category',
			note: 'What the products are sorted into',
			display: '{{name}}',
			fields: [
				{ field: 'name', type: 'string', required: true, half: true },
				{ field: 'slug', type: 'string', required: true, half: true },
				{ field: 'description', type: 'text' },
			],
		},
		{
			collection: 'brands',
			icon: 'sell',
			note: 'Who makes the products',
			display: '{{name}}',
			fields: [
				{ field: 'name', type: 'string', required: true, half: true },
				{ field: 'website', type: 'string', half: true },
			],
		},
		{
			collection: 'products',
			icon: 'inventory_2',
			note: 'The products, with price and stock',
			display: '{{name}}',
			fields: [
				{ field: 'name', type: 'string', required: true, half: true },
				{ field: 'sku', type: 'string', required: true, half: true, note: 'Stock-keeping unit: your own code for the product' },
				{ field: 'price', type: 'decimal', required: true, half: true },
				{ field: 'in_stock', type: 'integer', half: true, default: 0, note: 'How many are in stock' },
				{ field: 'available', type: 'boolean', half: true, default: true },
				{ field: 'category', type: 'integer', half: true, references: 'product_categories' },
				{ field: 'brand', type: 'integer', half: true, references: 'brands' },
				{ field: 'description', type: 'text' },
			],
		},
	]),
	content: [
		{
			collection: 'product_categories',
			items: [
				{ id: 1, name: 'Furniture', slug: 'furniture', description: 'Chairs, tables and shelves.' },
				{ id: 2, name: 'Lighting', slug: 'lighting', description: 'Lamps for every room.' },
				{ id: 3, name: 'Textiles', slug: 'textiles', description: 'Rugs, cushions and throws.' },
			],
		},
		{
			collection: 'brands',
			items: [
				{ id: 1, name: 'Northwood', website: 'https://northwood.example.com' },
				{ id: 2, name: 'Lumen & Co', website: 'https://lumen.example.com' },
			],
		},
		{
			collection: 'products',
			items: [
				{ id: 1, name: 'Oak chair', sku: 'NW-CH-01', price: 149, in_stock: 24, available: true, category: 1, brand: 1, description: 'Solid oak, oiled.' },
				{ id: 2, name: 'Walnut table', sku: 'NW-TB-02', price: 899, in_stock: 3, available: true, category: 1, brand: 1, description: 'Seats six.' },
				{ id: 3, name: 'Desk lamp', sku: 'LC-DL-01', price: 59.5, in_stock: 40, available: true, category: 2, brand: 2, description: 'Warm light, adjustable arm.' },
				{ id: 4, name: 'Floor lamp', sku: 'LC-FL-02', price: 129, in_stock: 0, available: false, category: 2, brand: 2, description: 'Back soon.' },
				{ id: 5, name: 'Wool rug', sku: 'NW-RG-03', price: 249, in_stock: 7, available: true, category: 3, brand: 1, description: '160 × 230 cm, hand-woven.' },
			],
		},
	],
	roles: [
		{
			id: '8d2f4c3a-ae5f-4b79-9c83-2d3e4f5a6b01',
			name: 'Catalogue manager',
			icon: 'inventory',
			description: 'Runs the catalogue: products, categories and brands.',
			policy: {
				id: '8d2f4c3a-ae5f-4b79-9c83-2d3e4f5a6b11',
				name: 'Catalogue editing',
				icon: 'inventory',
				description: 'Creates, edits and deletes products, categories and brands.',
				permissions: [
					{ collection: 'products', actions: ['create', 'read', 'update', 'delete'] },
					{ collection: 'product_categories', actions: ['create', 'read', 'update', 'delete'] },
					{ collection: 'brands', actions: ['create', 'read', 'update', 'delete'] },
				],
			},
		},
		{
			id: '8d2f4c3a-ae5f-4b79-9c83-2d3e4f5a6b02',
			name: 'Sales',
			icon: 'storefront',
			description: 'Reads the catalogue and updates prices and stock.',
			policy: {
				id: '8d2f4c3a-ae5f-4b79-9c83-2d3e4f5a6b12',
				name: 'Catalogue sales',
				icon: 'storefront',
				description: 'Reads products, categories and brands; edits products.',
				permissions: [
					{ collection: 'products', actions: ['read', 'update'] },
					{ collection: 'product_categories', actions: ['read'] },
					{ collection: 'brands', actions: ['read'] },
				],
			},
		},
	],
};
