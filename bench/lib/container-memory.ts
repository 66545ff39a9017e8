/**
 * Memory of a site that runs in a container, comparable with a site process's (site-memory.ts):
 * PSS and RSS summed over the processes inside the container (tini, the entry shell, Directus and
 * its stdin watch), and apart from them what the container costs on the host: the docker CLI the
 * supervisor tracks and the docker-proxy that publishes its port.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { memoryOf } from '../../runtime/src/processes/site-process.ts';
import type { TestRuntime } from '../../tests/support/test-runtime.ts';
import { apiStatus } from './runtime-api.ts';
import { mib } from './statistics.ts';

const run = promisify(execFile);

function parentOf(pid: number): number | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
	} catch {
		return null;
	}
}

function commandLine(pid: number): string {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
	} catch {
		return '';
	}
}

function treeOf(root: number): number[] {
	const pids = readdirSync('/proc').map(Number).filter(Number.isInteger);
	const tree = [root];
	for (let grew = true; grew;) {
		grew = false;
		for (const pid of pids) {
			if (!tree.includes(pid) && tree.includes(parentOf(pid) ?? -1)) {
				tree.push(pid);
				grew = true;
			}
		}
	}
	return tree;
}

function sum(pids: number[]) {
	const memories = pids.map(memoryOf).filter((memory) => memory !== null);
	return { rss_mib: mib(memories.reduce((total, memory) => total + memory.rssBytes, 0)), pss_mib: mib(memories.reduce((total, memory) => total + memory.pssBytes, 0)) };
}

export async function containerSiteMemory(rt: TestRuntime, id: string) {
	const status = await apiStatus(rt, id);
	if (status.state !== 'running' || !status.pid || !status.port) throw new Error(`${id} is not running: ${JSON.stringify(status)}`);
	const name = /--name=(\S+)/.exec(commandLine(status.pid))?.[1];
	if (!name) throw new Error(`${id}: pid ${status.pid} is not a docker run`);
	const { stdout } = await run('docker', ['inspect', '--format', '{{.State.Pid}}', name]);
	const inside = sum(treeOf(Number(stdout.trim())));
	const proxies = readdirSync('/proc')
		.map(Number)
		.filter((pid) => Number.isInteger(pid) && commandLine(pid).includes('docker-proxy') && commandLine(pid).includes(`-host-port ${status.port} `));
	return { ...inside, host_side: { docker_cli: sum([status.pid]), docker_proxy: sum(proxies) } };
}
