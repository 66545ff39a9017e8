/** `/v1/products`: create (optionally with your own id), retrieve, update, list, search. */
import { invalidRequest, resourceMissing } from '../errors.ts';
import { newId } from '../ids.ts';
import { LIST_PARAMS, listPage, searchPage } from '../list.ts';
import type { Product } from '../objects.ts';
import { route, type Route } from '../router.ts';
import { parseSearchQuery, type Searchable } from '../search-query.ts';
import type { ServerState } from '../state.ts';

const SEARCHABLE: Searchable<Product> = {
	fields: {
		active: (product) => String(product.active),
		name: (product) => product.name,
		description: (product) => product.description,
	},
	metadata: (product) => product.metadata,
};

export function productOr404(state: ServerState, id: string, param?: string): Product {
	const product = state.store.products.get(id);
	if (!product) throw resourceMissing('product', id, param);
	return product;
}

export const productRoutes: Route[] = [
	route('POST', '/v1/products', ({ state, params }) => {
		params.only('id', 'name', 'description', 'active', 'metadata');
		const id = params.string('id') ?? newId('prod_', 14);
		if (state.store.products.has(id)) {
			throw invalidRequest(`Product already exists.`, { param: 'id', code: 'resource_already_exists' });
		}
		const now = state.clock.nowSeconds();
		const product: Product = {
			id,
			object: 'product',
			active: params.boolean('active') ?? true,
			created: now,
			default_price: null,
			description: params.nullableString('description') ?? null,
			images: [],
			livemode: false,
			marketing_features: [],
			metadata: params.metadata()?.({}) ?? {},
			name: params.requiredString('name'),
			package_dimensions: null,
			shippable: null,
			statement_descriptor: null,
			tax_code: null,
			type: 'service',
			unit_label: null,
			updated: now,
			url: null,
		};
		state.store.products.set(product.id, product);
		state.events.emit('product.created', product);
		return product;
	}),
	route('GET', '/v1/products', ({ state, params }) => {
		params.only('active', ...LIST_PARAMS);
		const active = params.boolean('active');
		const products = [...state.store.products.values()].filter((product) => active === undefined || product.active === active);
		return listPage(products, params, '/v1/products');
	}),
	// Before `/v1/products/:id`, which would take `search` for an id.
	route('GET', '/v1/products/search', ({ state, params }) => {
		params.only('query', 'limit', 'page');
		const matches = parseSearchQuery(params.requiredString('query'), SEARCHABLE);
		return searchPage([...state.store.products.values()].filter(matches), params, '/v1/products/search');
	}),
	route('GET', '/v1/products/:id', ({ state, params, path }) => {
		params.only();
		return productOr404(state, path.id!);
	}),
	route('POST', '/v1/products/:id', ({ state, params, path }) => {
		params.only('name', 'description', 'active', 'metadata', 'default_price');
		const product = productOr404(state, path.id!);
		const name = params.string('name');
		if (name === '') throw invalidRequest('You must provide a non-empty name.', { param: 'name' });
		const description = params.nullableString('description');
		const active = params.boolean('active');
		const metadata = params.metadata()?.(product.metadata);
		const defaultPrice = params.nullableString('default_price');
		if (defaultPrice) {
			const price = state.store.prices.get(defaultPrice);
			if (!price || price.product !== product.id) throw resourceMissing('price', defaultPrice, 'default_price');
		}
		state.events.update('product.updated', product, (changed) => {
			if (name !== undefined) changed.name = name;
			if (description !== undefined) changed.description = description;
			if (active !== undefined) changed.active = active;
			if (metadata) changed.metadata = metadata;
			if (defaultPrice !== undefined) changed.default_price = defaultPrice;
			changed.updated = state.clock.nowSeconds();
		});
		return product;
	}),
];
