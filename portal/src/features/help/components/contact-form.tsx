import { Button, Input, Stack, Textarea } from '@chakra-ui/react';
import { CONTACT_LIMITS } from '@epic/platform-api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { checkEmail, checkRequired, collectErrors } from '../../../lib/validation';
import { sendContactMessage } from '../api/send-contact-message';

type Fields = { name: string; email: string; subject: string; message: string };

/**
 * The help centre's contact form: name, email, subject and message, all required. Says "sent"
 * only once the server has stored the message; a signed-in customer's name and email are filled in.
 */
export function ContactForm() {
	const { t, i18n } = useTranslation();
	const { user } = useAuth();
	const blank: Fields = { name: user?.firstName || user?.lastName ? user.name : '', email: user?.email ?? '', subject: '', message: '' };
	const [fields, setFields] = useState<Fields>(blank);
	const [tried, setTried] = useState(false);
	const [sending, setSending] = useState(false);

	const errors = collectErrors({
		name: checkRequired(fields.name),
		email: checkEmail(fields.email),
		subject: checkRequired(fields.subject),
		message: checkRequired(fields.message),
	});
	const shown = tried ? errors : {};
	const set = (field: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [field]: event.target.value }));

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		setTried(true);
		if (Object.keys(errors).length > 0) return;
		setSending(true);
		try {
			await sendContactMessage(fields, i18n.resolvedLanguage ?? 'en');
			toaster.success({ title: t('help.contact.sent'), description: t('help.contact.sentText', { email: fields.email.trim() }) });
			setFields({ ...blank, name: fields.name, email: fields.email });
			setTried(false);
		} catch (error) {
			toaster.error({ title: t('help.contact.failed'), description: getErrorMessage(error) });
		} finally {
			setSending(false);
		}
	};

	return (
		<form noValidate onSubmit={(event) => void submit(event)} data-testid="contact-form" aria-label={t('help.contact.formLabel')}>
			<Stack gap="4">
				<Stack direction={{ base: 'column', md: 'row' }} gap="4">
					<FormField label={t('help.contact.name')} error={shown.name}>
						<Input value={fields.name} onChange={set('name')} autoComplete="name" maxLength={CONTACT_LIMITS.name} data-testid="contact-name" />
					</FormField>
					<FormField label={t('help.contact.email')} error={shown.email}>
						<Input type="email" value={fields.email} onChange={set('email')} autoComplete="email" data-testid="contact-email" />
					</FormField>
				</Stack>
				<FormField label={t('help.contact.subject')} error={shown.subject}>
					<Input value={fields.subject} onChange={set('subject')} maxLength={CONTACT_LIMITS.subject} data-testid="contact-subject" />
				</FormField>
				<FormField label={t('help.contact.message')} error={shown.message}>
					<Textarea rows={4} value={fields.message} onChange={set('message')} maxLength={CONTACT_LIMITS.message} data-testid="contact-message" />
				</FormField>
				<Button type="submit" colorPalette="purple" alignSelf="flex-start" loading={sending} data-testid="contact-send">
					{t('help.contact.send')}
				</Button>
			</Stack>
		</form>
	);
}
