/**
 * The embedded default's SMTP catcher: MailDev receives every email the control plane sends
 * (verification, password reset) and shows it in a web UI, so sign-up works with no mail server.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface MailDevInstance {
	listen(callback: (error?: Error) => void): void;
	close(callback: (error?: Error) => void): void;
}
type MailDevConstructor = new (options: Record<string, unknown>) => MailDevInstance;

export interface MailCatcher {
	uiUrl: string;
	close(): Promise<void>;
}

export async function startMailCatcher(options: { smtpPort: number; uiPort: number }): Promise<MailCatcher> {
	const MailDev = require('maildev') as MailDevConstructor;
	const maildev = new MailDev({
		smtp: options.smtpPort,
		web: options.uiPort,
		ip: '127.0.0.1',
		// Keep mail in memory: the catcher is for trying sign-up locally, not an archive.
		silent: true,
		disableWeb: false,
	});
	await new Promise<void>((resolve, reject) => maildev.listen((error) => (error ? reject(error) : resolve())));
	return {
		uiUrl: `http://localhost:${options.uiPort}`,
		close: () => new Promise<void>((resolve) => maildev.close(() => resolve())),
	};
}
