import { Alert, Button, Card, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-error';
import type { SessionUser } from '../../../lib/auth/session-user';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { checkEmail } from '../../../lib/validation';
import { useRequestEmailChange } from '../api/request-email-change';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarSection } from './avatar-section';
import { EmailChangeDialog } from './email-change-dialog';

/**
 * Picture, first and last name, email. Update Profile saves the names; a changed email asks for the
 * password and sends a confirmation link to the new address (the old one stays until it is opened).
 */
export function ProfileTab({ user }: { user: SessionUser }) {
	const { t } = useTranslation();
	const { applyUser } = useAuth();
	const [firstName, setFirstName] = useState(user.firstName);
	const [lastName, setLastName] = useState(user.lastName);
	const [email, setEmail] = useState(user.email);
	const [submitted, setSubmitted] = useState(false);
	const [askPassword, setAskPassword] = useState(false);
	// The address a confirmation link was sent to and not opened yet.
	const [pendingEmail, setPendingEmail] = useState<string | null>(null);
	const update = useUpdateProfile();
	const emailChange = useRequestEmailChange();

	const emailError = submitted ? checkEmail(email) : null;
	const newEmail = email.trim();
	const emailChanged = newEmail.toLowerCase() !== user.email.toLowerCase();

	const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		setSubmitted(true);
		if (checkEmail(email)) return;
		const namesChanged = firstName.trim() !== user.firstName || lastName.trim() !== user.lastName;
		// Names are saved when they changed, or when nothing else did (Update Profile always answers).
		if (namesChanged || !emailChanged) {
			try {
				applyUser(await update.trigger({ first_name: firstName.trim(), last_name: lastName.trim() }));
				toaster.success({ title: t('profile.toast.updated') });
			} catch (error) {
				toaster.error({
					title: t('profile.toast.updateFailed'),
					description: getErrorMessage(error, t('profile.toast.updateFailedFallback')),
				});
				return;
			}
		}
		if (emailChanged) setAskPassword(true);
	};

	const sendEmailChange = async (password: string) => {
		try {
			await emailChange.trigger({ email: newEmail, password });
		} catch (error) {
			toaster.error({
				title: t('profile.toast.emailFailed'),
				description: getErrorMessage(error, t('profile.toast.emailFailedFallback')),
			});
			return;
		}
		setAskPassword(false);
		setPendingEmail(newEmail);
		// The field shows the address in use again until the link is opened.
		setEmail(user.email);
		toaster.success({ title: t('profile.toast.emailSent'), description: t('profile.toast.emailSentText', { email: newEmail }) });
	};

	return (
		<Stack gap="6">
			<Card.Root>
				<Card.Body>
					<AvatarSection user={user} />
				</Card.Body>
			</Card.Root>
			<Card.Root>
				<Card.Body gap="5">
					<Stack gap="1">
						<Heading as="h3" size="md">
							{t('profile.details.title')}
						</Heading>
						<Text color="fg.muted" fontSize="sm">
							{t('profile.details.description')}
						</Text>
					</Stack>
					{pendingEmail && (
						<Alert.Root status="info" data-testid="email-change-pending">
							<Alert.Indicator />
							<Alert.Content>
								<Alert.Title>{t('profile.email.pendingTitle')}</Alert.Title>
								<Alert.Description>{t('profile.email.pendingText', { email: pendingEmail, current: user.email })}</Alert.Description>
							</Alert.Content>
						</Alert.Root>
					)}
					<form noValidate onSubmit={(event) => void handleSubmit(event)} data-testid="profile-form">
						<Stack gap="5">
							<SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
								<Field.Root>
									<Field.Label>{t('profile.details.firstName')}</Field.Label>
									<Input name="first_name" autoComplete="given-name" value={firstName} onChange={(event) => setFirstName(event.target.value)} />
								</Field.Root>
								<Field.Root>
									<Field.Label>{t('profile.details.lastName')}</Field.Label>
									<Input name="last_name" autoComplete="family-name" value={lastName} onChange={(event) => setLastName(event.target.value)} />
								</Field.Root>
							</SimpleGrid>
							<FormField label={t('profile.details.email')} error={emailError ?? undefined} helperText={t('profile.details.emailHint')}>
								<Input name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
							</FormField>
							<Button type="submit" colorPalette="purple" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={update.isMutating} data-testid="profile-submit">
								{t('profile.details.submit')}
							</Button>
						</Stack>
					</form>
				</Card.Body>
			</Card.Root>
			{/* Mounted only while asking, so the password typed is never kept. */}
			{askPassword && (
				<EmailChangeDialog email={newEmail} busy={emailChange.isMutating} onClose={() => setAskPassword(false)} onConfirm={(password) => void sendEmailChange(password)} />
			)}
		</Stack>
	);
}
