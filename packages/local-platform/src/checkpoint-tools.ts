/**
 * The two programs the runtime's checkpoint tier needs, set up on the machine when missing, like
 * the test prerequisites: a CRIU that passes `criu check` on this kernel, and the site launcher
 * (runtime/native/site-launcher.c: io_uring denied by seccomp, one PID namespace per site). Both are
 * built into the machine's cache folder (never the checkout), so every clone on a machine shares
 * one build and a fresh clone does not spend three minutes building CRIU again. Debian 12's
 * packaged CRIU 3.17 fails on recent kernels ("vdso: Unexpected rt vDSO area bounds"), so when the
 * machine's `criu` fails its check, CRIU is built from Debian unstable's source package (the
 * upstream tarball; about 40 s on 2 cores). Everything the builds need comes from apt (a fresh
 * machine needs nothing by hand); where either cannot be had, the caller gets the reason and the
 * runtime sleeps sites without checkpoints.
 * Each program is written under a temporary name and renamed, so a concurrent caller (npm start
 * beside a test run) never runs a half-written one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { runCommand } from '@epic/node-support/processes';
import { repoPath } from '@epic/node-support/paths';
import { rememberFailure, rememberedFailure } from './checkpoint-tools-failure.ts';

/** `$XDG_CACHE_HOME/epic-cms/checkpoint-tools`, by default under `~/.cache`. */
export const CHECKPOINT_TOOLS_DIR = path.join(process.env['XDG_CACHE_HOME'] || path.join(homedir(), '.cache'), 'epic-cms', 'checkpoint-tools');
const LAUNCHER_SOURCE = repoPath('runtime', 'native', 'site-launcher.c');

/** A deb-src line for unstable only: no binary package of the machine ever comes from it. */
const UNSTABLE_SOURCES_FILE = '/etc/apt/sources.list.d/epic-criu-unstable-src.sources';
const UNSTABLE_SOURCES = `# Source packages from Debian unstable, only to build CRIU for the runtime's checkpoint tier.
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: unstable
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`;

/** What building CRIU 4.x (`make criu`) needs on Debian 12, with what fetches and unpacks its source. */
export const CRIU_BUILD_PACKAGES = [
	'build-essential',
	'xz-utils',
	'debian-archive-keyring',
	'pkg-config',
	'libprotobuf-c-dev',
	'protobuf-c-compiler',
	'libprotobuf-dev',
	'protobuf-compiler',
	'python3-protobuf',
	'libnl-3-dev',
	'libnet1-dev',
	'libcap-dev',
	'libbsd-dev',
	'libgnutls28-dev',
	'libnftables-dev',
	'libdrm-dev',
	'uuid-dev',
	'dpkg-dev',
];

export interface CheckpointTools {
	criuPath: string;
	launcherPath: string;
}

export type CheckpointToolsResult = ({ ok: true } & CheckpointTools) | { ok: false; reason: string };

/** What building the site launcher needs. */
export const LAUNCHER_BUILD_PACKAGES = ['gcc', 'libc6-dev', 'libseccomp-dev'];

const aptEnv = () => ({ ...process.env, DEBIAN_FRONTEND: 'noninteractive' });

/** A fresh machine may have no package lists at all: they are refreshed once, before the first install. */
let listsRefreshed: Promise<unknown> | null = null;

async function aptInstall(packages: string[]): Promise<void> {
	listsRefreshed ??= runCommand('apt-get', ['update'], { label: 'apt-get update', env: aptEnv() });
	await listsRefreshed;
	await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { label: `apt-get install ${packages.join(' ')}`, env: aptEnv() });
}

function onPath(program: string): boolean {
	return (process.env['PATH'] ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, program)));
}

async function criuPasses(criuPath: string): Promise<boolean> {
	if (!existsSync(criuPath)) return false;
	try {
		await runCommand(criuPath, ['check'], { label: 'criu check' });
		return true;
	} catch {
		return false;
	}
}

async function buildCriu(cacheDir: string, log: (message: string) => void): Promise<string> {
	const built = path.join(cacheDir, 'criu');
	if (await criuPasses(built)) return built;
	log("checkpoints: the machine has no CRIU that passes `criu check`: building CRIU from Debian unstable's source package…");
	await aptInstall(CRIU_BUILD_PACKAGES);
	if (!existsSync(UNSTABLE_SOURCES_FILE)) writeFileSync(UNSTABLE_SOURCES_FILE, UNSTABLE_SOURCES);
	// Refreshes only this sources file, so the machine's other package lists stay as they are.
	await runCommand('apt-get', ['update', '-o', `Dir::Etc::sourcelist=${UNSTABLE_SOURCES_FILE}`, '-o', 'Dir::Etc::sourceparts=-', '-o', 'APT::Get::List-Cleanup=0'], {
		label: 'apt-get update (unstable sources)',
		env: aptEnv(),
	});
	const workDir = path.join(cacheDir, `criu-source-${process.pid}`);
	rmSync(workDir, { recursive: true, force: true });
	mkdirSync(workDir, { recursive: true });
	// Only the upstream tarball is needed (`make criu` builds from it), and the Debian part of a
	// source package is sometimes missing from a mirror while the tarball is not.
	await runCommand('apt-get', ['source', '--download-only', 'criu'], { label: 'apt-get source criu', cwd: workDir, env: aptEnv() }).catch(() => {});
	const tarball = readdirSync(workDir).find((name) => /^criu_[\d.]+\.orig\.tar\.(xz|gz)$/.test(name));
	if (!tarball) throw new Error(`apt-get source criu did not download CRIU's upstream tarball into ${workDir}`);
	await runCommand('tar', ['xf', tarball], { label: `tar xf ${tarball}`, cwd: workDir });
	const sourceDir = readdirSync(workDir).find((name) => name.startsWith('criu-') && statSync(path.join(workDir, name)).isDirectory());
	if (!sourceDir) throw new Error(`${tarball} held no criu-* folder`);
	await runCommand('make', ['-j2', 'criu'], { label: 'make criu', cwd: path.join(workDir, sourceDir) });
	const fresh = `${built}.new-${process.pid}`;
	await runCommand('cp', [path.join(workDir, sourceDir, 'criu', 'criu'), fresh], { label: 'cp criu' });
	rmSync(workDir, { recursive: true, force: true });
	if (!(await criuPasses(fresh))) {
		rmSync(fresh, { force: true });
		throw new Error('CRIU built from source does not pass `criu check` on this machine');
	}
	renameSync(fresh, built);
	return built;
}

async function findCriu(cacheDir: string, log: (message: string) => void): Promise<string> {
	for (const candidate of ['/usr/sbin/criu', '/usr/local/sbin/criu']) {
		if (await criuPasses(candidate)) return candidate;
	}
	return buildCriu(cacheDir, log);
}

async function buildLauncher(cacheDir: string): Promise<string> {
	// Named by its source's hash: clones and worktrees share the cache, and an older source's build
	// must not pass for a newer one. The runtime knows the launcher by its name (`site-launcher`).
	const hash = createHash('sha256').update(readFileSync(LAUNCHER_SOURCE)).digest('hex').slice(0, 12);
	const folder = path.join(cacheDir, `site-launcher-${hash}`);
	const built = path.join(folder, 'site-launcher');
	if (existsSync(built)) return built;
	if (!existsSync('/usr/include/seccomp.h') || !onPath('gcc')) await aptInstall(LAUNCHER_BUILD_PACKAGES);
	mkdirSync(folder, { recursive: true });
	const fresh = `${built}.new-${process.pid}`;
	await runCommand('gcc', ['-O2', '-Wall', '-Wextra', '-Werror', '-o', fresh, LAUNCHER_SOURCE, '-lseccomp'], { label: 'gcc site-launcher.c' });
	renameSync(fresh, built);
	return built;
}

/**
 * Finds or builds CRIU and the site launcher. Never throws: a machine that cannot have them (not
 * root, no apt, an old kernel) still runs every site, without the checkpoint tier. A failure is
 * remembered for a day (checkpoint-tools-failure.ts).
 */
export async function ensureCheckpointTools(log: (message: string) => void, cacheDir = CHECKPOINT_TOOLS_DIR, now: () => number = Date.now): Promise<CheckpointToolsResult> {
	if (process.platform !== 'linux') return { ok: false, reason: 'checkpoints need Linux' };
	// CRIU dumps and restores other processes only as root; apt-get installs only as root.
	if (process.getuid?.() !== 0) return { ok: false, reason: 'checkpoints need root' };
	try {
		mkdirSync(cacheDir, { recursive: true });
		const remembered = rememberedFailure(cacheDir, now());
		if (remembered) return { ok: false, reason: remembered };
		const launcherPath = await buildLauncher(cacheDir);
		const criuPath = await findCriu(cacheDir, log);
		return { ok: true, criuPath, launcherPath };
	} catch (error) {
		const reason = (error as Error).message.split('\n').slice(0, 6).join('\n');
		try {
			rememberFailure(cacheDir, reason, now());
		} catch {
			// An unwritable cache only means the next start tries again.
		}
		return { ok: false, reason };
	}
}

/** The runtime's environment variables that name the tools (absent: no checkpoint tier). */
export function checkpointToolsEnv(tools: CheckpointToolsResult): Record<string, string> {
	return tools.ok ? { CRIU_PATH: tools.criuPath, SITE_LAUNCHER_PATH: tools.launcherPath } : {};
}
