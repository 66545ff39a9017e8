/**
 * Services of this runtime whose site it no longer has, or whose site sleeps: a site deleted while
 * its holder was not running (killed with the runtime, say) leaves its service serving with nobody
 * to remove it, and a site paused when the runtime was killed leaves its frozen task (the new
 * runtime cannot wake it from a tier it did not put it in). At start the runtime removes each,
 * thawed first (a frozen task acts on no stop), as the Docker driver removes its orphan containers' files.
 */
import { SITE_DIR_LABEL } from '../containers/docker-run-arguments.ts';
import { engineGet, type EngineGet } from './docker-engine-api.ts';
import { runtimeServices } from './runtime-services.ts';
import { removeService } from './site-service.ts';

interface ServiceLabels {
	Spec: { Name: string; Labels?: Record<string, string> };
}

/** The names of this runtime's services whose site folder is not one of `siteDirs`. */
export async function orphanServices(runtimeDir: string, siteDirs: Set<string>, get: EngineGet = engineGet): Promise<string[]> {
	const services = await runtimeServices<ServiceLabels>(runtimeDir, get);
	return services.filter((service) => !siteDirs.has(service.Spec.Labels?.[SITE_DIR_LABEL] ?? '')).map((service) => service.Spec.Name);
}

/** `thaw`: lets a service's task run again if it is paused (the node agents); null where none pause. */
export async function removeOrphanServices(
	runtimeDir: string,
	siteDirs: Set<string>,
	thaw: ((service: string) => Promise<void>) | null,
	log: (message: string) => void,
): Promise<void> {
	for (const service of await orphanServices(runtimeDir, siteDirs)) {
		log(`removing ${service}: its site is gone or asleep`);
		await thaw?.(service).catch((error: Error) => log(`could not thaw ${service}: ${error.message}`));
		await removeService(service).catch((error: Error) => log(`could not remove ${service}: ${error.message}`));
	}
}
