/**
 * The certificate step of a project's setup, true to what a visitor gets: complete only once the
 * site is served over HTTPS, skipped where the installation has no TLS (saying so), and in
 * progress, checked again on the provisioning schedule, while the certificate is not served yet.
 */
import type { Knex } from 'knex';
import type { ProjectStep } from '@epic/platform-api';
import type { CertificateCheck } from './certificate-check.ts';
import { completeStep, skipStep, storedSteps } from './provisioning-steps.ts';

export const NO_TLS_DETAIL = 'This installation has no TLS: sites are served over plain HTTP';

export interface SiteCertificatesOptions {
	database: Knex;
	/** Null where the installation serves plain HTTP. */
	check: CertificateCheck | null;
	now: () => Date;
	logger: { error(message: string): void };
}

export class SiteCertificates {
	readonly #options: SiteCertificatesOptions;

	constructor(options: SiteCertificatesOptions) {
		this.#options = options;
	}

	/** The steps with the certificate step as it stands for `hostname` now. */
	async record(steps: ProjectStep[], hostname: string): Promise<ProjectStep[]> {
		const { check, now } = this.#options;
		if (!check) return skipStep(steps, 'certificate', now(), NO_TLS_DETAIL);
		const result = await check(hostname);
		if (result.served) return completeStep(steps, 'certificate', now(), `${hostname} is served over HTTPS (certificate from ${result.issuer})`);
		const detail = `${hostname} is not served over HTTPS yet (${result.reason}); checked again shortly`;
		return steps.map((step) => (step.name === 'certificate' ? { ...step, state: 'in_progress', detail } : step));
	}

	/** Published projects whose certificate was not served yet: checked again. */
	async confirmPending(siteHostname: (subdomain: string) => string): Promise<void> {
		if (!this.#options.check) return;
		const { database } = this.#options;
		const rows = (await database('projects').select('id', 'subdomain', 'steps').where({ status: 'published' })) as { id: string; subdomain: string; steps: unknown }[];
		for (const row of rows) {
			const steps = storedSteps(row.steps);
			if (steps.find((step) => step.name === 'certificate')?.state !== 'in_progress') continue;
			try {
				const recorded = await this.record(steps, siteHostname(row.subdomain));
				await database('projects')
					.where({ id: row.id, status: 'published' })
					.update({ steps: JSON.stringify(recorded) });
			} catch (error) {
				this.#options.logger.error(`Checking the certificate of project ${row.id}: ${(error as Error).message}`);
			}
		}
	}
}
