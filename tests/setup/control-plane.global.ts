/**
 * vitest global setup: one real control plane per integration project, on the database the
 * project names (TEST_DB), shared by its test files and stopped when the project ends.
 */
import type { TestProject } from 'vitest/node';
import { bootTestControlPlane, type ControlPlaneHandle, type TestDatabaseClient } from '../support/test-control-plane.ts';

declare module 'vitest' {
	export interface ProvidedContext {
		controlPlane: ControlPlaneHandle;
	}
}

export default async function setup(project: TestProject) {
	const db = (project.config.env?.['TEST_DB'] ?? 'sqlite3') as TestDatabaseClient;
	const controlPlane = await bootTestControlPlane(db);
	// Only data crosses to the test files: the process controls stay here.
	const { stop, kill9: _kill9, restart: _restart, output: _output, ...handle } = controlPlane;
	project.provide('controlPlane', handle);
	console.log(`[${project.name}] control plane on ${db === 'pg' ? 'PostgreSQL' : 'SQLite'} at ${handle.url}`);
	return stop;
}
