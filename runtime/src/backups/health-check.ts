/** The check a restored or upgraded site must pass: Directus answers `/server/ping` with `pong`, as on wake. */
export async function assertAnswersPong(port: number): Promise<void> {
	let body: string;
	try {
		const response = await fetch(`http://127.0.0.1:${port}/server/ping`, { signal: AbortSignal.timeout(10_000) });
		body = await response.text();
		if (!response.ok) throw new Error(`HTTP ${response.status}`);
	} catch (error) {
		throw new Error(`The site does not answer /server/ping: ${(error as Error).message}`);
	}
	if (body.trim() !== 'pong') throw new Error(`The site answers /server/ping with ${JSON.stringify(body.slice(0, 100))} instead of pong`);
}
