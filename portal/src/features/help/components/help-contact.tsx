import { Card, Heading, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuMail } from 'react-icons/lu';
import { mailto, usePortalConfig } from '../../../lib/portal-config';
import { ContactForm } from './contact-form';

/** The contact form and the direct line to support, for questions the FAQ does not answer. */
export function HelpContact() {
	const { t } = useTranslation();
	const { data: portalConfig } = usePortalConfig();
	return (
		<Card.Root variant="subtle">
			<Card.Body gap="3">
				<Heading as="h2" size="lg">
					{t('help.contact.title')}
				</Heading>
				<Text color="fg.muted">{t('help.contact.description')}</Text>
				<ContactForm />
				{portalConfig && <Text color="fg.muted">{t('help.contact.orWrite')}</Text>}
				{portalConfig && (
					<Link href={mailto(portalConfig.supportEmail)} colorPalette="purple" color="colorPalette.fg" fontWeight="semibold" wordBreak="break-all">
						<LuMail aria-hidden="true" />
						{portalConfig.supportEmail}
					</Link>
				)}
			</Card.Body>
		</Card.Root>
	);
}
