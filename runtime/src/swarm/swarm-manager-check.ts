/** The runtime of swarm sites must talk to a Swarm manager: only a manager creates and places services. */
import { engineGet } from './docker-engine-api.ts';

interface EngineInfo {
	Swarm?: { LocalNodeState?: string; ControlAvailable?: boolean; NodeAddr?: string; Nodes?: number };
}

/** Who asks, for the messages: the runtime by default; a node router (which locates tasks) too. */
export interface ManagerCheckSubject {
	/** What the messages start with. */
	setting: string;
	/** What must run on a manager. */
	process: string;
}

const RUNTIME: ManagerCheckSubject = { setting: 'RUNTIME_DRIVER=swarm', process: 'the runtime' };

/** Resolves with a line for the start-up log, or rejects saying what to do. */
export async function checkSwarmManager(get = engineGet, who: ManagerCheckSubject = RUNTIME): Promise<string> {
	const info = await get<EngineInfo>('/info').catch((error: Error) => {
		throw new Error(`${who.setting}: the Docker engine does not answer (${error.message})`);
	});
	const swarm = info.Swarm ?? {};
	if (swarm.LocalNodeState !== 'active')
		throw new Error(`${who.setting}: this engine is not in a swarm (state ${swarm.LocalNodeState ?? 'unknown'}): run docker swarm init, or join it to one as a manager`);
	if (!swarm.ControlAvailable) throw new Error(`${who.setting}: this engine is a Swarm worker; ${who.process} must run on a manager node`);
	return `sites run as Swarm services, placed on any of the swarm's ${swarm.Nodes ?? '?'} nodes (this manager: ${swarm.NodeAddr ?? 'unknown address'})`;
}
