/** JSON in and out for the management API, with Directus-style error bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RuntimeError } from '../errors.ts';

const MAX_BODY_BYTES = 64 * 1024;

export function sendJson(response: ServerResponse, status: number, body?: unknown): void {
	if (body === undefined) {
		response.writeHead(status).end();
		return;
	}
	response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
	response.end(JSON.stringify(body));
}

export function sendError(response: ServerResponse, error: RuntimeError): void {
	sendJson(response, error.status, { errors: [{ message: error.message, extensions: { code: error.code } }] });
}

export async function readJson(request: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > MAX_BODY_BYTES) throw new RuntimeError('PAYLOAD_TOO_LARGE', 'The request body is too large', 413);
		chunks.push(chunk);
	}
	if (size === 0) return {};
	try {
		return JSON.parse(Buffer.concat(chunks).toString('utf8'));
	} catch {
		throw new RuntimeError('INVALID_JSON', 'The request body is not valid JSON', 400);
	}
}

/** A file sent as it is read (a backup archive), instead of a JSON body. */
export interface FileReply {
	stream: Readable;
	size: number;
	contentType: string;
	fileName: string;
}

export async function sendFile(response: ServerResponse, file: FileReply): Promise<void> {
	response.writeHead(200, {
		'content-type': file.contentType,
		'content-length': String(file.size),
		'content-disposition': `attachment; filename="${file.fileName}"`,
		'cache-control': 'no-store',
	});
	await pipeline(file.stream, response);
}
