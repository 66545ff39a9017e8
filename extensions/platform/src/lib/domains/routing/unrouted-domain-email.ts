/**
 * The email that tells an owner their custom domain is no longer routed (domain-check-policy.ts),
 * in their language, with a link to the dashboard where the domain is checked again.
 */
import type { ApiExtensionContext } from '@directus/types';
import { emailLanguageOf, type EmailLanguage } from '../../email/email-language.ts';
import { renderEmail, type EmailCopy, type RenderedEmail } from '../../email/render-email.ts';
import type { UnroutedDomain } from './domain-routing.ts';

interface Facts {
	domain: string;
	project: string;
	publicIp: string;
}

const COPY: Record<EmailLanguage, (facts: Facts) => Omit<EmailCopy, 'action'> & { action: string }> = {
	en: ({ domain, project, publicIp }) => ({
		subject: `${domain} is no longer connected to ${project}`,
		paragraphs: [
			`For more than a day, every check of ${domain} found that it does not point to our servers, so your project ${project} is no longer served on it. The project itself keeps running at its platform address.`,
			`Point the domain's A record to ${publicIp}, then check the domain again from the project's details to connect it.`,
		],
		action: 'Open dashboard',
	}),
	es: ({ domain, project, publicIp }) => ({
		subject: `${domain} ya no está conectado a ${project}`,
		paragraphs: [
			`Durante más de un día, cada comprobación de ${domain} encontró que no apunta a nuestros servidores, por lo que tu proyecto ${project} ya no se sirve en él. El proyecto sigue funcionando en su dirección de la plataforma.`,
			`Apunta el registro A del dominio a ${publicIp} y vuelve a verificar el dominio desde los detalles del proyecto para conectarlo.`,
		],
		action: 'Abrir el panel',
	}),
	ru: ({ domain, project, publicIp }) => ({
		subject: `${domain} больше не подключён к ${project}`,
		paragraphs: [
			`Больше суток каждая проверка ${domain} показывала, что домен не указывает на наши серверы, поэтому проект ${project} больше не обслуживается на нём. Сам проект продолжает работать по адресу платформы.`,
			`Направьте A-запись домена на ${publicIp} и снова проверьте домен в сведениях о проекте, чтобы подключить его.`,
		],
		action: 'Открыть панель',
	}),
};

export function unroutedDomainEmail(language: EmailLanguage, facts: Facts, dashboardUrl: string): EmailCopy {
	const copy = COPY[language](facts);
	return { ...copy, action: { label: copy.action, url: dashboardUrl } };
}

/** The email, rendered for the owner in their language; null when the owner is gone. */
export async function renderUnroutedDomainEmail(
	context: Pick<ApiExtensionContext, 'services' | 'getSchema'>,
	settings: { portalUrl: string; publicIp: string | null },
	unrouted: UnroutedDomain,
): Promise<{ to: string; email: RenderedEmail } | null> {
	const users = new context.services.UsersService({ schema: await context.getSchema() });
	const [user] = (await users.readByQuery({ fields: ['email', 'language'], filter: { id: { _eq: unrouted.owner } }, limit: 1 })) as {
		email: string;
		language: string | null;
	}[];
	if (!user) return null;
	const facts = { domain: unrouted.domain, project: unrouted.projectName, publicIp: settings.publicIp ?? '' };
	return { to: user.email, email: renderEmail(unroutedDomainEmail(emailLanguageOf(user.language), facts, `${settings.portalUrl}/dashboard`)) };
}
