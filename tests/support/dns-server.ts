/**
 * DNS servers on loopback for the domain-verification tests (dns2, UDP only; the platform's
 * resolver asks over UDP):
 * - `startTestDnsServer` answers A and TXT questions from a zone the test sets: a name with
 *   addresses answers them, a name with an empty list exists without an A record (NODATA), a name
 *   given TXT values answers those to TXT questions, a silent name gets no answer at all (the
 *   resolver times out), any other name does not exist (NXDOMAIN);
 * - `startSilentDnsServer` reads every question and never answers, so the resolver times out.
 */
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { Packet, UDPServer } from 'dns2';

export interface LoopbackDnsServer {
	/** `127.0.0.1:<port>`, the form DNS_SERVERS takes. */
	address: string;
	/** Questions received, as `name TYPE`. */
	readonly questions: string[];
	close(): Promise<void>;
}

export interface TestDnsServer extends LoopbackDnsServer {
	/** Sets a name's A records; an empty list makes the name exist without any. */
	setA(name: string, addresses: string[]): void;
	/** Sets a name's TXT records (the name then exists); an empty list removes them. */
	setTxt(name: string, values: string[]): void;
	/** Questions about this name are read and never answered. */
	setSilent(name: string): void;
}

function typeName(type: number): string {
	return Packet.TYPE_NAME[type] ?? String(type);
}

function closeSocket(socket: dgram.Socket): Promise<void> {
	return new Promise((resolve) => socket.close(() => resolve()));
}

export async function startTestDnsServer(zone: Record<string, string[]> = {}): Promise<TestDnsServer> {
	const records = new Map(Object.entries(zone).map(([name, addresses]) => [name.toLowerCase(), addresses]));
	const texts = new Map<string, string[]>();
	const silent = new Set<string>();
	const questions: string[] = [];
	const server = new UDPServer({ type: 'udp4' });
	server.on('request', (request, send) => {
		const [question] = request.questions;
		if (!question) return;
		const name = question.name.toLowerCase().replace(/\.$/, '');
		questions.push(`${name} ${typeName(question.type)}`);
		if (silent.has(name)) return;
		const addresses = records.get(name);
		const values = texts.get(name);
		if (addresses === undefined && values === undefined) {
			void send(Packet.createErrorResponseFromRequest(request, Packet.RCODE.NXDOMAIN));
			return;
		}
		const response = Packet.createResponseFromRequest(request);
		response.header.aa = 1;
		if (question.type === Packet.TYPE.TXT) {
			for (const data of values ?? []) {
				response.answers.push(Packet.createResourceFromQuestion(question, { type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data }));
			}
		}
		if (question.type === Packet.TYPE.A) {
			for (const address of addresses ?? []) {
				response.answers.push(Packet.createResourceFromQuestion(question, { type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 60, address }));
			}
		}
		void send(response);
	});
	await server.listen(0, '127.0.0.1');
	return {
		address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
		questions,
		setA: (name, addresses) => records.set(name.toLowerCase(), addresses),
		setTxt: (name, values) => {
			if (values.length) texts.set(name.toLowerCase(), values);
			else texts.delete(name.toLowerCase());
		},
		setSilent: (name) => silent.add(name.toLowerCase()),
		close: () => closeSocket(server),
	};
}

export async function startSilentDnsServer(): Promise<LoopbackDnsServer> {
	const questions: string[] = [];
	const socket = dgram.createSocket('udp4');
	socket.on('message', (message) => {
		try {
			const [question] = Packet.parse(message).questions;
			questions.push(question ? `${question.name.toLowerCase()} ${typeName(question.type)}` : '?');
		} catch {
			questions.push('?');
		}
	});
	await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
	return { address: `127.0.0.1:${socket.address().port}`, questions, close: () => closeSocket(socket) };
}
