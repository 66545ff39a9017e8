import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readinessRoute, READINESS_PATH } from './readiness-route.ts';

let folder: string;

beforeEach(() => {
	folder = mkdtempSync(path.join(os.tmpdir(), 'readiness-'));
});

afterEach(() => {
	rmSync(folder, { recursive: true, force: true });
});

async function readiness(drainFile: string | undefined): Promise<{ status: number; body: unknown }> {
	const app = express();
	app.get(READINESS_PATH, readinessRoute(drainFile));
	const server = app.listen(0, '127.0.0.1');
	await new Promise((resolve) => server.once('listening', resolve));
	try {
		const { port } = server.address() as { port: number };
		const response = await fetch(`http://127.0.0.1:${port}${READINESS_PATH}`);
		return { status: response.status, body: await response.json() };
	} finally {
		server.close();
	}
}

describe('readinessRoute', () => {
	it('answers ready until the launcher writes its drain file, then draining', async () => {
		const drainFile = path.join(folder, 'draining');
		expect(await readiness(drainFile)).toEqual({ status: 200, body: { status: 'ready' } });
		writeFileSync(drainFile, '');
		expect(await readiness(drainFile)).toEqual({ status: 503, body: { status: 'draining' } });
	});

	it('is always ready without a drain file configured', async () => {
		expect(await readiness(undefined)).toEqual({ status: 200, body: { status: 'ready' } });
	});
});
