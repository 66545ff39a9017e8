/**
 * Closes an HTTP server without cutting the requests it is answering: it takes no new connection
 * from the call on, its idle kept-alive connections close, and the requests in flight have
 * `graceMs` to finish before every connection left is cut. For a runtime handing its sites to the
 * next one (runtime-hand-off.ts): the sites keep running, so a request on its way to one (an
 * upload, a slow query) can end as it would have.
 */
import type http from 'node:http';

export async function closeGently(server: http.Server, graceMs: number): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	const drained = new Promise<void>((resolve) => server.close(() => resolve()));
	const graceOver = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, graceMs);
	});
	await Promise.race([drained, graceOver]);
	clearTimeout(timer);
	server.closeAllConnections();
}
