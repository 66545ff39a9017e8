/**
 * vitest global setup: real control planes for an integration project, on the database the project
 * names (TEST_DB), one per vitest worker, stopped when the project ends. Two test files never share
 * one at the same time: vitest gives each running file a worker id (VITEST_POOL_ID, 1 to
 * maxWorkers) that no other running file holds, and the file talks to that id's control plane.
 */
import type { TestProject } from 'vitest/node';
import { bootOnePerWorker } from './one-per-worker.ts';
import { bootTestControlPlane, handleData, type ControlPlaneHandle, type TestDatabaseClient } from '../support/test-control-plane.ts';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Index i serves the worker whose VITEST_POOL_ID is i + 1. */
		controlPlanes: ControlPlaneHandle[];
	}
}

export default async function setup(project: TestProject) {
	const db = (project.config.env?.['TEST_DB'] ?? 'sqlite3') as TestDatabaseClient;
	// A project may name its own PostgreSQL server (integration-postgres: a container); this process
	// serves every project, so its own environment is left alone.
	const pgServerUrl = project.config.env?.['TEST_PG_URL'];
	const workers = project.config.maxWorkers;
	const { running, stopAll } = await bootOnePerWorker(
		workers,
		() => bootTestControlPlane(db, { pgServerUrl }),
		(controlPlane) => controlPlane.stop(),
	);
	// Only data crosses to the test files: the process controls stay here.
	project.provide('controlPlanes', running.map(handleData));
	console.log(`[${project.name}] ${workers} control plane(s) on ${db === 'pg' ? 'PostgreSQL' : 'SQLite'} at ${running.map((c) => c.url).join(', ')}`);
	return stopAll;
}
