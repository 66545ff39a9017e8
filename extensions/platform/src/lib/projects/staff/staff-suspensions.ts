/**
 * Staff stop and start a project's site by hand (the Project actions Flow). A project staff
 * suspended is marked so (`suspended_by: staff`): billing's pass never starts it again; one staff
 * resume is suspended again by billing if its owner does not pay.
 */
import type { Knex } from 'knex';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';

export interface StaffSuspensionsOptions {
	database: Knex;
	driver: Pick<RuntimeDriver, 'suspendInstance' | 'startInstance'>;
	logger: { info(message: string): void };
}

export async function suspendByStaff({ database, driver, logger }: StaffSuspensionsOptions, projectId: string): Promise<void> {
	await driver.suspendInstance(projectId);
	await database('projects').where({ id: projectId }).update({ status: 'suspended', suspended_by: 'staff', date_updated: database.fn.now() });
	logger.info(`Project ${projectId} suspended by staff`);
}

export async function resumeByStaff({ database, driver, logger }: StaffSuspensionsOptions, projectId: string): Promise<void> {
	await driver.startInstance(projectId);
	await database('projects').where({ id: projectId }).update({ status: 'published', suspended_by: null, date_updated: database.fn.now() });
	logger.info(`Project ${projectId} resumed by staff`);
}
