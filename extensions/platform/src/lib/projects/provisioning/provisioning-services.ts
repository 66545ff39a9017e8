/**
 * The projects' site services, one set per control-plane process, shared by the bundle's entries
 * that need them (the projects and account endpoints, the provisioning hook, staff's Project
 * actions): the reconciler, the licence keys and the admin credentials, which share one runtime
 * driver and one credentials cipher. Null when no runtime is configured (the control plane
 * alone): projects then stay in `draft`.
 */
import { randomUUID } from 'node:crypto';
import type { ApiExtensionContext } from '@directus/types';
import { platformMetrics } from '../../metrics/shared-platform-metrics.ts';
import { loggedNotifier } from '../../notifications/notify.ts';
import { readPlatformConfig } from '../../platform-config.ts';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { sharedRuntimeDriver } from '../../runtime-driver/runtime-driver-factory.ts';
import { ProjectAdminCredentials } from '../credentials/admin-credentials.ts';
import { CredentialsCipher } from '../credentials/credentials-cipher.ts';
import { siteAddressFrom } from '../project-serializer.ts';
import { ProjectLicence } from '../licence/project-licence.ts';
import { ProjectReconciler } from './project-reconciler.ts';
import { ProvisioningLease } from './provisioning-lease.ts';
import { siteCertificates } from './site-certificates-setup.ts';

/** Renewed while the holder works; a crashed process's claim expires within this. */
const LEASE_MS = 30_000;

export interface ProvisioningServices {
	reconciler: ProjectReconciler;
	licence: ProjectLicence;
	adminCredentials: ProjectAdminCredentials;
	driver: RuntimeDriver;
}

let services: ProvisioningServices | null | undefined;

export function provisioningServices(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>): ProvisioningServices | null {
	if (services !== undefined) return services;
	const driver = sharedRuntimeDriver(context.env);
	const key = context.env['CREDENTIALS_KEY'];
	if (!driver) {
		services = null;
		return services;
	}
	if (typeof key !== 'string' || !key) throw new Error('CREDENTIALS_KEY is required when a runtime is configured');
	const config = readPlatformConfig(context.env);
	const cipher = new CredentialsCipher(key);
	const licence = new ProjectLicence({ database: context.database, driver, cipher, logger: context.logger });
	services = {
		reconciler: new ProjectReconciler({
			database: context.database,
			driver,
			cipher,
			licence,
			lease: new ProvisioningLease(context.database, randomUUID(), LEASE_MS),
			address: siteAddressFrom(config.PUBLIC_URL, config.PUBLIC_HOST),
			certificates: siteCertificates(config, context),
			now: () => new Date(),
			logger: context.logger,
			notify: loggedNotifier(context.database, context.logger),
			metrics: platformMetrics((message) => context.logger.error(message)),
		}),
		licence,
		adminCredentials: new ProjectAdminCredentials({ database: context.database, driver, cipher }),
		driver,
	};
	return services;
}
