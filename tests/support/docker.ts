/**
 * What the Docker engine says about a runtime's site containers, read with the docker CLI
 * independently of the runtime, and commands run inside them.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoPath } from '@epic/node-support/paths';
import { ensureDocker, TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';

const run = promisify(execFile);

/**
 * The runtime variables that run sites in containers: of the local base image with the checkout's
 * packages mounted, or of `siteImage` (a site image built from the Dockerfile) as it is.
 */
export async function dockerDriverEnv(siteImage?: string): Promise<Record<string, string>> {
	await ensureDocker((message) => process.stderr.write(`${message}\n`));
	if (siteImage) return { RUNTIME_DRIVER: 'docker', DOCKER_SITE_IMAGE: siteImage };
	return { RUNTIME_DRIVER: 'docker', DOCKER_SITE_IMAGE: TEST_SITE_BASE_IMAGE, DOCKER_SITE_CODE_DIR: repoPath('node_modules') };
}

export interface SiteContainer {
	Id: string;
	Name: string;
	State: { Running: boolean; Paused: boolean; Pid: number };
	Config: { Image: string; User: string; Labels: Record<string, string>; Env: string[] };
	HostConfig: {
		ReadonlyRootfs: boolean;
		CapDrop: string[] | null;
		CapAdd: string[] | null;
		SecurityOpt: string[] | null;
		Privileged: boolean;
		Memory: number;
		CpuShares: number;
		PidsLimit: number | null;
		NetworkMode: string;
		PortBindings: Record<string, Array<{ HostIp: string; HostPort: string }>>;
	};
	Mounts: Array<{ Type: string; Source: string; Destination: string; RW: boolean }>;
}

/** Every container, running or not, labelled as a site of the runtime with this data folder. */
export async function containersOfRuntime(dataDir: string): Promise<SiteContainer[]> {
	const { stdout } = await run('docker', ['ps', '--all', '--quiet', '--filter', `label=epic.runtime=${dataDir}`]);
	const ids = stdout.split('\n').filter(Boolean);
	if (!ids.length) return [];
	const inspected = await run('docker', ['inspect', ...ids]);
	return JSON.parse(inspected.stdout) as SiteContainer[];
}

/** The one container of the site in `siteDir`; fails when there is none or more than one. */
export async function containerOfSite(dataDir: string, siteDir: string): Promise<SiteContainer> {
	const found = (await containersOfRuntime(dataDir)).filter((container) => container.Config.Labels['epic.site.dir'] === siteDir);
	if (found.length !== 1) throw new Error(`Expected one container for ${siteDir}, found ${found.length}`);
	return found[0]!;
}

/** Runs a Node script inside a container, as the container's own user; resolves with its stdout. */
export async function nodeInContainer(containerId: string, script: string): Promise<string> {
	const { stdout } = await run('docker', ['exec', containerId, 'node', '--input-type=module', '-e', script]);
	return stdout.trim();
}

export async function killContainer(containerId: string): Promise<void> {
	await run('docker', ['kill', containerId]);
}
