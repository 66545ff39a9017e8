/** This runtime's site services, as the engine describes them: only those labelled with its data folder, never another runtime's. */
import { RUNTIME_LABEL } from '../containers/docker-run-arguments.ts';
import { engineGet, type EngineGet } from './docker-engine-api.ts';

export function runtimeServices<Service>(runtimeDir: string, get: EngineGet = engineGet): Promise<Service[]> {
	const filters = encodeURIComponent(JSON.stringify({ label: [`${RUNTIME_LABEL}=${runtimeDir}`] }));
	return get<Service[]>(`/services?filters=${filters}`);
}
