/**
 * One reconciler per control-plane process (with the projects' licence keys, which share its
 * cipher and driver), shared by the `projects-endpoint` and the `provisioning-hook` (entries of the
 * same bundle). Null when no runtime is configured (the control
 * plane alone): projects then stay in `draft`.
 */
import { randomUUID } from 'node:crypto';
import type { ApiExtensionContext } from '@directus/types';
import { platformMetrics } from '../../metrics/shared-platform-metrics.ts';
import { loggedNotifier } from '../../notifications/notify.ts';
import { readPlatformConfig } from '../../platform-config.ts';
import { createRuntimeDriver } from '../../runtime/runtime-driver-factory.ts';
import { CredentialsCipher } from '../credentials/credentials-cipher.ts';
import { siteAddressFrom } from '../project-serializer.ts';
import { ProjectLicence } from '../licence/project-licence.ts';
import { ProjectReconciler } from './project-reconciler.ts';
import { ProvisioningLease } from './provisioning-lease.ts';
import { siteCertificates } from './site-certificates-setup.ts';

/** Renewed while the holder works; a crashed process's claim expires within this. */
const LEASE_MS = 30_000;

let reconciler: ProjectReconciler | null | undefined;

export function provisioningRuntime(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>): ProjectReconciler | null {
	if (reconciler !== undefined) return reconciler;
	const driver = createRuntimeDriver(context.env);
	const key = context.env['CREDENTIALS_KEY'];
	if (!driver) {
		reconciler = null;
		return reconciler;
	}
	if (typeof key !== 'string' || !key) throw new Error('CREDENTIALS_KEY is required when a runtime is configured');
	const config = readPlatformConfig(context.env);
	const cipher = new CredentialsCipher(key);
	reconciler = new ProjectReconciler({
		database: context.database,
		driver,
		cipher,
		licence: new ProjectLicence({ database: context.database, driver, cipher, logger: context.logger }),
		lease: new ProvisioningLease(context.database, randomUUID(), LEASE_MS),
		address: siteAddressFrom(config.PUBLIC_URL, config.PUBLIC_HOST),
		certificates: siteCertificates(config, context),
		now: () => new Date(),
		logger: context.logger,
		notify: loggedNotifier(context.database, context.logger),
		metrics: platformMetrics((message) => context.logger.error(message)),
	});
	return reconciler;
}
