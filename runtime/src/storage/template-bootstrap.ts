/**
 * Runs `directus bootstrap` for a template database: system tables, the platform's site migrations
 * and one admin user, with a throwaway password (every clone's admin row is rewritten before it
 * starts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import knex from 'knex';
import { databaseConnection } from '@epic/node-support/database-connection';
import { runDirectusCommand } from '@epic/node-support/directus';
import type { TemplateInfo } from './instance-databases.ts';

/** `siteMigrationsDir`: so a site cloned from the template is where an upgrade to this version leaves one. */
export async function bootstrapTemplate(workDir: string, databaseEnv: Record<string, string>, siteMigrationsDir: string): Promise<TemplateInfo> {
	await runDirectusCommand(['bootstrap'], {
		cwd: workDir,
		env: {
			...databaseEnv,
			KEY: randomUUID(),
			SECRET: randomBytes(32).toString('base64url'),
			ADMIN_EMAIL: 'template-admin@example.com',
			ADMIN_PASSWORD: randomBytes(24).toString('base64url'),
			MIGRATIONS_PATH: siteMigrationsDir,
			TELEMETRY: 'false',
			LOG_LEVEL: 'warn',
		},
	});
	const db = knex(databaseConnection(databaseEnv));
	try {
		const admin = await db('directus_users').first<{ id: string } | undefined>('id');
		if (!admin) throw new Error('directus bootstrap created no admin user in the template');
		return { adminUserId: admin.id };
	} finally {
		await db.destroy();
	}
}
