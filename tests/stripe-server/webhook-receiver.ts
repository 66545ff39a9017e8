/**
 * A webhook endpoint as an integration writes one: it verifies each delivery with the official
 * library's `constructEvent` against the signing secret and keeps what passed. Deliveries that
 * fail verification are answered 400 and kept apart, so a test can tell them from real events.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface Rejection {
	signature: string | undefined;
	reason: string;
}

export class WebhookReceiver {
	readonly url: string;
	/** Verified events, in arrival order. */
	readonly events: Stripe.Event[] = [];
	readonly rejections: Rejection[] = [];
	/** What the endpoint answers verified events with; set it to model a failing endpoint. */
	answerStatus = 200;
	/** How long the endpoint takes to answer, so overlapping deliveries would show. */
	answerDelayMs = 0;
	/** The most deliveries that were ever in progress at once. */
	maxConcurrent = 0;
	private concurrent = 0;
	private readonly server: http.Server;

	private constructor(server: http.Server) {
		this.server = server;
		this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
	}

	static async start(secret: string): Promise<WebhookReceiver> {
		const verifier = new Stripe('sk_test_receiver');
		const server = http.createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const receiver = new WebhookReceiver(server);
		server.on('request', (request, response) => {
			receiver.concurrent += 1;
			receiver.maxConcurrent = Math.max(receiver.maxConcurrent, receiver.concurrent);
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', async () => {
				if (receiver.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, receiver.answerDelayMs));
				// Counted as answered from here, not when the socket reports the response closed, which can lag.
				receiver.concurrent -= 1;
				const signature = request.headers['stripe-signature'] as string | undefined;
				try {
					const event = verifier.webhooks.constructEvent(Buffer.concat(chunks), signature ?? '', secret);
					receiver.events.push(event);
					response.writeHead(receiver.answerStatus).end();
				} catch (error) {
					receiver.rejections.push({ signature, reason: error instanceof Error ? error.message : String(error) });
					response.writeHead(400).end();
				}
			});
		});
		return receiver;
	}

	types(): string[] {
		return this.events.map((event) => event.type);
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve, reject) => {
			this.server.close((error) => (error ? reject(error) : resolve()));
			this.server.closeAllConnections();
		});
	}
}
