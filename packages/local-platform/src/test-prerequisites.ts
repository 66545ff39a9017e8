/**
 * What `npm test` needs on the machine besides node_modules: Debian's Chromium for the browser
 * tests, a running PostgreSQL for the PostgreSQL half of the integration suite and a running Redis
 * for the abuse limits' shared counters. Each is set up
 * here when missing, so a fresh machine (CI) needs nothing by hand; when that is impossible the run
 * stops with a message that says what is missing.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { repoPath } from '@epic/node-support/paths';
import { runCommand } from '@epic/node-support/processes';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const POSTGRES_URL = TEST_POSTGRES_URL;

export async function ensureChromium(log: (message: string) => void): Promise<void> {
	if (existsSync(CHROMIUM_PATH)) return;
	log("Chromium is missing: installing Debian's chromium package…");
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await runCommand('apt-get', ['update'], { label: 'apt-get update', env });
	await runCommand('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { label: 'apt-get install chromium', env });
	if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} does not exist`);
}

async function postgresAnswers(): Promise<boolean> {
	const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
	try {
		await client.connect();
		await client.query('SELECT 1');
		return true;
	} catch {
		return false;
	} finally {
		await client.end().catch(() => {});
	}
}

export async function ensurePostgres(log: (message: string) => void): Promise<void> {
	if (await postgresAnswers()) return;
	const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
	if (versions.length === 0) {
		throw new Error(`PostgreSQL does not answer at ${POSTGRES_URL} and no Debian cluster is installed to start.`);
	}
	log(`PostgreSQL is not answering: starting cluster ${versions[0]}/main…`);
	await runCommand('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0]!, 'main', 'start'], { label: 'pg_ctlcluster start' });
	for (let attempt = 0; attempt < 30; attempt++) {
		if (await postgresAnswers()) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`PostgreSQL was started but does not answer at ${POSTGRES_URL}.`);
}

/** The machine's Redis, or TEST_REDIS_URL (the integration suite on PostgreSQL names a container's). */
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] || 'redis://127.0.0.1:6379';

/** True when something at 127.0.0.1:6379 answers Redis's PING. */
function redisAnswers(): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port: 6379 });
		const done = (answer: boolean) => {
			socket.destroy();
			resolve(answer);
		};
		socket.setTimeout(2000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
	});
}

export async function ensureRedis(log: (message: string) => void): Promise<void> {
	if (await redisAnswers()) return;
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	if (!existsSync('/usr/bin/redis-server')) {
		log("Redis is missing: installing Debian's redis-server package…");
		await runCommand('apt-get', ['update'], { label: 'apt-get update', env });
		await runCommand('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { label: 'apt-get install redis-server', env });
	}
	log('Redis is not answering: starting redis-server on 127.0.0.1:6379…');
	await runCommand('/usr/bin/redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', ''], { label: 'redis-server' });
	for (let attempt = 0; attempt < 30; attempt++) {
		if (await redisAnswers()) return;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error('redis-server was started but does not answer at 127.0.0.1:6379.');
}

/** The Node 22 base image the Docker tests run sites from, with the checkout's packages mounted. */
export const TEST_SITE_BASE_IMAGE = 'epic/node-base:22-bookworm';

/**
 * The engine, Compose (Debian has v1 only: `docker-compose`), the firewall, the base image's builder
 * and Caddy: the swarm tests run the repository's Caddyfile on the host in front of swarm sites, as
 * the stack's `caddy` service does (the stack's own Caddy is built into an image and needs nothing here).
 */
const DOCKER_PACKAGE_FILES = ['/usr/sbin/dockerd', '/usr/bin/docker-compose', '/usr/sbin/iptables', '/usr/sbin/debootstrap', '/usr/bin/caddy'];

async function dockerAnswers(): Promise<boolean> {
	try {
		await runCommand('docker', ['info', '--format', '{{.ServerVersion}}'], { label: 'docker info' });
		return true;
	} catch {
		return false;
	}
}

/**
 * A running Docker engine and the local base image (no registry can be reached, so it is built
 * from Debian with scripts/docker/local-base-image.sh). Debian's docker.io is installed when
 * missing and its dockerd started in the background, as the machine's other services are.
 */
export async function ensureDocker(log: (message: string) => void): Promise<void> {
	if (!DOCKER_PACKAGE_FILES.every((file) => existsSync(file))) {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		log("Docker is missing: installing Debian's docker.io, docker-compose, iptables, debootstrap and caddy…");
		await runCommand('apt-get', ['update'], { label: 'apt-get update', env });
		await runCommand('apt-get', ['install', '-y', '--no-install-recommends', 'docker.io', 'docker-compose', 'iptables', 'debootstrap', 'caddy'], {
			label: 'apt-get install docker.io',
			env,
		});
	}
	if (!(await dockerAnswers())) {
		log('Docker is not answering: starting dockerd…');
		const logFile = openSync('/var/log/epic-dockerd.log', 'a');
		spawn('/usr/sbin/dockerd', [], { detached: true, stdio: ['ignore', logFile, logFile] }).unref();
		closeSync(logFile);
		for (let attempt = 0; attempt < 60 && !(await dockerAnswers()); attempt++) await new Promise((resolve) => setTimeout(resolve, 500));
		if (!(await dockerAnswers())) throw new Error('dockerd was started but does not answer; see /var/log/epic-dockerd.log');
	}
	try {
		await runCommand('docker', ['image', 'inspect', TEST_SITE_BASE_IMAGE], { label: 'docker image inspect' });
	} catch {
		log(`Building the local base image ${TEST_SITE_BASE_IMAGE} (debootstrap, about a minute)…`);
		await runCommand(repoPath('scripts', 'docker', 'local-base-image.sh'), [TEST_SITE_BASE_IMAGE], { label: 'local-base-image.sh', cwd: repoPath() });
	}
}
