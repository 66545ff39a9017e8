/**
 * The projects' site services: the reconciler, the licence keys and the admin credentials, which
 * share one runtime driver and one credentials cipher. One set per control-plane process
 * (lib/platform-services.ts), shared by the projects and account endpoints, the provisioning hook
 * and staff's Project actions. Null when no runtime is configured (the control plane alone):
 * projects then stay in `draft`.
 */
import { randomUUID } from 'node:crypto';
import type { ApiExtensionContext } from '@directus/types';
import type { PlatformMetrics } from '../../metrics/platform-metrics.ts';
import type { OwedNotifications } from '../../notifications/owed-notifications.ts';
import { readPlatformConfig } from '../../platform-config.ts';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
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

export function createProvisioningServices(
	context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>,
	driver: RuntimeDriver | null,
	metrics: PlatformMetrics,
	notices: OwedNotifications,
): ProvisioningServices | null {
	if (!driver) return null;
	const key = context.env['CREDENTIALS_KEY'];
	if (typeof key !== 'string' || !key) throw new Error('CREDENTIALS_KEY is required when a runtime is configured');
	const config = readPlatformConfig(context.env);
	const cipher = new CredentialsCipher(key);
	const licence = new ProjectLicence({ database: context.database, driver, cipher, logger: context.logger });
	return {
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
			notices,
			metrics,
		}),
		licence,
		adminCredentials: new ProjectAdminCredentials({ database: context.database, driver, cipher }),
		driver,
	};
}
