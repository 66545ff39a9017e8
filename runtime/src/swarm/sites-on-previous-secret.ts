/**
 * The sites whose service still holds credentials made with a secret other than RUNTIME_SECRET:
 * what step 3 of a rotation waits on before RUNTIME_SECRET_PREVIOUS can go (docs/swarm.md,
 * Rotating RUNTIME_SECRET). A service's spec holds its task token (SITE_TASK_TOKEN), made from the
 * secret at the service's creation as its S3 key is, so the engine's own record says which secret
 * made it: nothing is kept beside it, and a service made before this was built is read the same way.
 */
import { engineGet, type EngineGet } from './docker-engine-api.ts';
import { runtimeServices } from './runtime-services.ts';
import { isSiteTaskToken } from './task-gate/site-task-token.ts';

interface ServiceEnv {
	Spec: { Name: string; TaskTemplate?: { ContainerSpec?: { Env?: string[] } } };
}

function variable(env: readonly string[], name: string): string | undefined {
	const entry = env.find((line) => line.startsWith(`${name}=`));
	return entry?.slice(name.length + 1);
}

/** The names of this runtime's site services whose task token is not RUNTIME_SECRET's. */
export async function servicesOnPreviousSecret(runtimeDir: string, currentSecret: string, get: EngineGet = engineGet): Promise<string[]> {
	const services = await runtimeServices<ServiceEnv>(runtimeDir, get);
	return services
		.filter((service) => {
			const env = service.Spec.TaskTemplate?.ContainerSpec?.Env ?? [];
			const instanceId = variable(env, 'SITE_TASK_INSTANCE');
			const token = variable(env, 'SITE_TASK_TOKEN');
			return !instanceId || !token || !isSiteTaskToken([currentSecret], instanceId, token);
		})
		.map((service) => service.Spec.Name);
}

/** The start-up line of a rotation's runtime: which sites step 3 still waits on. */
export function describeSitesOnPreviousSecret(names: readonly string[]): string {
	if (names.length === 0) return 'no site service holds credentials of RUNTIME_SECRET_PREVIOUS: it can be unset (step 3 of docs/swarm.md, Rotating RUNTIME_SECRET)';
	return `${names.length} site service(s) still hold credentials of RUNTIME_SECRET_PREVIOUS until they start again: ${names.join(', ')}`;
}
