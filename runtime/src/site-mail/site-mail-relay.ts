/**
 * The platform's mail relay for customer sites. Each site's Directus sends through it (its
 * EMAIL_SMTP_* settings, site-mail-env.ts), signed in as itself; the relay counts the site's hourly
 * allowance, puts the platform's address in From (sender-rewrite.ts) and passes the message to the
 * platform's own SMTP server. A refused send answers an SMTP error that Directus writes to the
 * site's log, so the owner reads why in the project dialog.
 */
import { once } from 'node:events';
import nodemailer, { type Transporter } from 'nodemailer';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Logger } from '../instances/process-supervisor.ts';
import type { HourlyMailAllowance } from './hourly-allowance.ts';
import { isSiteMailPassword } from './site-mail-credentials.ts';
import { withPlatformSender } from './sender-rewrite.ts';

/** A message larger than Directus's biggest templated mail with attachments would need. */
export const SITE_MAIL_MAX_BYTES = 10 * 1024 * 1024;
/** Recipients per message: a site's mass mailing belongs with a mailing service, not its CMS. */
export const SITE_MAIL_MAX_RECIPIENTS = 50;

export interface MailSite {
	secret: string;
	limitPerHour: number;
}

export interface SiteMailRelayParts {
	/** The site that may send as `id`; null for an unknown id or a pool member. */
	siteOf(id: string): MailSite | null;
	allowance: HourlyMailAllowance;
	/** The platform's SMTP server, as a nodemailer URL (smtp://user:pass@host:port). */
	platformSmtpUrl: string;
	fromAddress: string;
	log: Logger;
}

function smtpError(code: number, message: string): Error {
	return Object.assign(new Error(message), { responseCode: code });
}

async function readMessage(stream: SMTPServerDataStream): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

function resumeTime(at: Date): string {
	return `${at.toISOString().slice(11, 16)} UTC`;
}

export class SiteMailRelay {
	readonly #parts: SiteMailRelayParts;
	readonly #server: SMTPServer;
	readonly #transport: Transporter;

	constructor(parts: SiteMailRelayParts) {
		this.#parts = parts;
		this.#transport = nodemailer.createTransport(parts.platformSmtpUrl);
		this.#server = new SMTPServer({
			name: 'epic-site-mail-relay',
			banner: 'Mail relay for sites hosted on this platform',
			logger: false,
			// Sites reach it on loopback or their own bridge only; their password never crosses a network.
			disabledCommands: ['STARTTLS'],
			allowInsecureAuth: true,
			authMethods: ['PLAIN', 'LOGIN'],
			size: SITE_MAIL_MAX_BYTES,
			onAuth: (auth, _session, done) => {
				const user = this.#authenticatedSite(auth);
				if (user) done(null, { user });
				else done(smtpError(535, 'Authentication failed'));
			},
			onRcptTo: (_address, session, done) =>
				done(session.envelope.rcptTo.length >= SITE_MAIL_MAX_RECIPIENTS ? smtpError(452, `At most ${SITE_MAIL_MAX_RECIPIENTS} recipients per message`) : undefined),
			onData: (stream, session, done) => {
				this.#deliver(stream, session).then(
					() => done(),
					(error: Error) => done(error),
				);
			},
		});
		// A client that drops its connection mid-message must never end the runtime.
		this.#server.on('error', (error) => parts.log(`site mail relay: ${error.message}`));
	}

	/** The site id the credentials belong to, or null. */
	#authenticatedSite(auth: SMTPServerAuthentication): string | null {
		const site = this.#parts.siteOf(auth.username ?? '');
		return site && isSiteMailPassword(site.secret, auth.password ?? '') ? auth.username! : null;
	}

	async #deliver(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
		const raw = await readMessage(stream);
		if (stream.sizeExceeded) throw smtpError(552, `Message larger than ${SITE_MAIL_MAX_BYTES / 1024 / 1024} MB`);
		const siteId = String(session.user);
		const site = this.#parts.siteOf(siteId);
		if (!site) throw smtpError(535, 'This site no longer exists');
		const to = session.envelope.rcptTo.map((recipient) => recipient.address);
		const alreadyRefused = this.#parts.allowance.status(siteId, site.limitPerHour).limitReachedAt !== null;
		const answer = this.#parts.allowance.take(siteId, to.length, site.limitPerHour);
		if (!answer.allowed) {
			// Once an hour per site: a site that keeps trying must not flood the runtime's log.
			if (!alreadyRefused) this.#parts.log(`site ${siteId}: its hourly mail limit (${site.limitPerHour}) is reached; a message to ${to.length} recipient(s) was refused`);
			throw smtpError(451, `Hourly mail limit reached: this site may send ${site.limitPerHour} emails an hour on its plan; sending resumes at ${resumeTime(answer.resumesAt)}`);
		}
		try {
			await this.#transport.sendMail({ envelope: { from: this.#parts.fromAddress, to }, raw: withPlatformSender(raw, this.#parts.fromAddress) });
		} catch (error) {
			this.#parts.allowance.giveBack(siteId, to.length);
			this.#parts.log(`site ${siteId}: passing a message to the platform's mail server failed: ${(error as Error).message}`);
			throw smtpError(451, 'The platform could not pass this email on; try again later');
		}
	}

	async listen(port: number, host: string): Promise<number> {
		this.#server.listen(port, host);
		await once(this.#server.server, 'listening');
		const address = this.#server.server.address();
		return typeof address === 'object' && address ? address.port : port;
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve) => this.#server.close(() => resolve()));
		this.#transport.close();
	}
}
