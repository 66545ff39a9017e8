import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';

/**
 * The owner's new allowed origins, given to the project's site if it has one (the router applies
 * them from the next request); a site made later gets them when it is provisioned.
 */
export async function applyCorsOriginsToSite(driver: Pick<RuntimeDriver, 'instanceStatus' | 'setCorsOrigins'>, projectId: string, origins: string[]): Promise<void> {
	if (await driver.instanceStatus(projectId)) await driver.setCorsOrigins(projectId, origins);
}
