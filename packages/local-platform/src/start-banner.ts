import type { PlatformConfig } from './config.ts';
import type { PlatformSecrets } from './secrets.ts';

function siteExample(config: PlatformConfig): string {
	const url = new URL(config.publicUrl);
	return `${url.protocol}//{subdomain}.${config.PUBLIC_HOST}${url.port ? `:${url.port}` : ''}/admin`;
}

/** What a person needs after `npm start`: where things are and how to sign in. */
export function startBanner(config: PlatformConfig, secrets: PlatformSecrets, mailUiUrl: string | null): string {
	const password = secrets.adminPasswordIsNew ? secrets.adminPassword : `(generated on the first run; kept in ${config.dataDir}/secrets.json)`;
	const lines = [
		'',
		'  Control plane is ready',
		`  Portal:        ${config.publicUrl}/`,
		`  Studio:        ${config.publicUrl}/admin`,
		`  Admin email:   ${config.ADMIN_EMAIL}`,
		`  Admin password: ${config.ADMIN_PASSWORD ? '(from ADMIN_PASSWORD)' : password}`,
		`  Mail UI:       ${mailUiUrl ?? `(off; mail goes to ${config.EMAIL_SMTP_HOST})`}`,
		`  Billing:       ${config.billingProvider}`,
		`  Database:      ${config.DB_CLIENT === 'sqlite3' ? `${config.dataDir}/control-plane.db` : 'PostgreSQL'}`,
		`  Sites:         ${config.embeddedRuntime ? siteExample(config) : `(served by the runtime at ${config.RUNTIME_URL ?? 'nowhere: RUNTIME_ENABLED=false'})`}`,
		'',
		'  Press Ctrl-C to stop.',
		'',
	];
	return lines.join('\n');
}
