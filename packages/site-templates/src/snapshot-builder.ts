/**
 * Short definitions of collections, written out as the Directus schema snapshot they stand for.
 * Only what Directus needs to create a field is given (its type, whether it may be empty, its
 * default, and how Studio shows it); Directus fills in the rest for the site's database, SQLite or
 * PostgreSQL alike.
 */
import type { SchemaSnapshot, SnapshotCollection, SnapshotField, SnapshotRelation } from './site-template.ts';

/** The Directus version the snapshots were written for (applied with `force`, so a later one takes them too). */
export const SNAPSHOT_DIRECTUS_VERSION = '12.4.0';

export interface FieldDefinition {
	field: string;
	type: 'string' | 'text' | 'integer' | 'decimal' | 'boolean' | 'date' | 'timestamp';
	interface?: string;
	required?: boolean;
	/** Half-width in Studio's form. */
	half?: boolean;
	note?: string;
	choices?: { text: string; value: string }[];
	default?: unknown;
	/** A many-to-one reference to another collection of the template (its integer key; the field's type is `integer`). */
	references?: string;
}

export interface CollectionDefinition {
	collection: string;
	icon: string;
	note: string;
	/** How an item of it is shown in Studio, e.g. `{{title}}`. */
	display: string;
	singleton?: boolean;
	/** A `sort` field Studio drags items by. */
	sortable?: boolean;
	fields: FieldDefinition[];
}

const DEFAULT_INTERFACES: Record<FieldDefinition['type'], string> = {
	string: 'input',
	text: 'input-multiline',
	integer: 'input',
	decimal: 'input',
	boolean: 'boolean',
	date: 'datetime',
	timestamp: 'datetime',
};

function primaryKey(collection: string): SnapshotField {
	return {
		collection,
		field: 'id',
		type: 'integer',
		meta: { collection, field: 'id', hidden: true, readonly: true, interface: 'input', sort: 1, width: 'full' },
		schema: { is_primary_key: true, has_auto_increment: true, is_nullable: false },
	};
}

function fieldOf(collection: string, definition: FieldDefinition, sort: number): SnapshotField {
	const reference = definition.references !== undefined;
	return {
		collection,
		field: definition.field,
		type: definition.type,
		meta: {
			collection,
			field: definition.field,
			interface: reference ? 'select-dropdown-m2o' : definition.choices ? 'select-dropdown' : (definition.interface ?? DEFAULT_INTERFACES[definition.type]),
			options: definition.choices ? { choices: definition.choices } : null,
			display: definition.choices ? 'labels' : null,
			special: reference ? ['m2o'] : definition.type === 'boolean' ? ['cast-boolean'] : null,
			required: definition.required === true,
			note: definition.note ?? null,
			width: definition.half ? 'half' : 'full',
			hidden: false,
			readonly: false,
			sort,
		},
		schema: { is_nullable: definition.required !== true, default_value: definition.default ?? null },
	};
}

function sortField(collection: string, sort: number): SnapshotField {
	return {
		collection,
		field: 'sort',
		type: 'integer',
		meta: { collection, field: 'sort', interface: 'input', hidden: true, readonly: false, sort, width: 'full' },
		schema: { is_nullable: true, default_value: null },
	};
}

function relationOf(collection: string, field: string, related: string): SnapshotRelation {
	return {
		collection,
		field,
		related_collection: related,
		meta: {
			many_collection: collection,
			many_field: field,
			one_collection: related,
			one_field: null,
			one_collection_field: null,
			one_allowed_collections: null,
			junction_field: null,
			sort_field: null,
			one_deselect_action: 'nullify',
		},
		// A referenced item can be deleted: the reference is emptied rather than the delete refused.
		schema: { table: collection, column: field, foreign_key_table: related, foreign_key_column: 'id', on_update: 'NO ACTION', on_delete: 'SET NULL' },
	};
}

function collectionOf(definition: CollectionDefinition, sort: number): SnapshotCollection {
	return {
		collection: definition.collection,
		meta: {
			collection: definition.collection,
			icon: definition.icon,
			note: definition.note,
			display_template: definition.display,
			singleton: definition.singleton === true,
			sort_field: definition.sortable ? 'sort' : null,
			accountability: 'all',
			hidden: false,
			sort,
		},
		schema: { name: definition.collection },
	};
}

export function snapshotOf(definitions: CollectionDefinition[]): SchemaSnapshot {
	const fields: SnapshotField[] = [];
	const relations: SnapshotRelation[] = [];
	for (const definition of definitions) {
		const { collection } = definition;
		fields.push(primaryKey(collection));
		definition.fields.forEach((field, index) => {
			fields.push(fieldOf(collection, field, index + 2));
			if (field.references) relations.push(relationOf(collection, field.field, field.references));
		});
		if (definition.sortable) fields.push(sortField(collection, definition.fields.length + 2));
	}
	return {
		version: 1,
		directus: SNAPSHOT_DIRECTUS_VERSION,
		collections: definitions.map((definition, index) => collectionOf(definition, index + 1)),
		fields,
		relations,
	};
}
