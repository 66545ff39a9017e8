/**
 * What a starter is: a Directus schema snapshot (the format of `GET /schema/snapshot`, applied with
 * `POST /schema/diff` and `/schema/apply`), sample items per collection in the order they can be
 * imported (a referenced item before the one that references it), and roles with their policies
 * and permissions.
 *
 * Everything fits Directus's Core tier, which a new site runs on (docs/product.md, Directus tier):
 * few collections, no flows, no users (Studio seats are the customer's), and permissions on whole
 * collections only: every field, no item filter, validation or preset. Core refuses a permission
 * with a custom rule, and a site found holding one is locked.
 */
import type { ProjectTemplate } from '@epic/platform-api';

export type SiteTemplateId = Exclude<ProjectTemplate, 'blank'>;

export interface SnapshotCollection {
	collection: string;
	meta: Record<string, unknown>;
	schema: { name: string };
}

export interface SnapshotField {
	collection: string;
	field: string;
	type: string;
	meta: Record<string, unknown>;
	schema: Record<string, unknown> | null;
}

export interface SnapshotRelation {
	collection: string;
	field: string;
	related_collection: string;
	meta: Record<string, unknown>;
	schema: Record<string, unknown>;
}

/** A Directus schema snapshot (version 1, the full kind). */
export interface SchemaSnapshot {
	version: 1;
	directus: string;
	collections: SnapshotCollection[];
	fields: SnapshotField[];
	relations: SnapshotRelation[];
}

export interface SampleContent {
	collection: string;
	/** With their primary keys, so applying again updates them rather than adding copies. */
	items: Record<string, unknown>[];
}

export type PermissionAction = 'create' | 'read' | 'update' | 'delete';

export interface TemplatePolicy {
	/** Fixed, so applying again finds it. */
	id: string;
	name: string;
	icon: string;
	description: string;
	/** Whole-collection permissions, all fields (Core allows no narrower rule). */
	permissions: { collection: string; actions: PermissionAction[] }[];
}

export interface TemplateRole {
	/** Fixed, so applying again finds it. */
	id: string;
	name: string;
	icon: string;
	description: string;
	/** The policy this role is given; it grants Studio access. */
	policy: TemplatePolicy;
}

export interface SiteTemplate {
	id: SiteTemplateId;
	snapshot: SchemaSnapshot;
	content: SampleContent[];
	roles: TemplateRole[];
}
