import { Button, Card, Field, Input, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH, SUBDOMAIN_MAX_LENGTH, type ProjectCreateRequest } from '@epic/platform-api';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
	checkProjectForm,
	EMPTY_PROJECT_FORM,
	normalizeSubdomain,
	sitePreview,
	SUBDOMAIN_PLACEHOLDER,
	toCreateRequest,
	type ProjectFormError,
	type ProjectFormValues,
} from '../lib/project-form';
import { ProjectTemplatePicker } from './project-template-picker';

export type ProjectDetailsFormProps = {
	siteHostSuffix: string | undefined;
	initialValues?: ProjectFormValues;
	submitLabel: string;
	/**
	 * Receives the checked details (and the values as typed); the submit button spins until it
	 * settles. It handles its own failures.
	 */
	onSubmit: (request: ProjectCreateRequest, values: ProjectFormValues) => Promise<void>;
	/** Beside the submit button: Cancel on /projects/new. */
	secondaryAction?: ReactNode;
	/** A subdomain the server refused as taken: the field says so until it is changed. */
	takenSubdomain?: string | null;
	testIds: { form: string; submit: string };
};

/**
 * Name, optional description and subdomain with a live preview of the address, and the starter to
 * create the site from (Blank unless another is picked); checked after the first submit. Used by /projects/new (which creates at once) and the onboarding wizard (which may
 * first take the customer through a plan and payment).
 */
export function ProjectDetailsForm({
	siteHostSuffix,
	initialValues = EMPTY_PROJECT_FORM,
	submitLabel,
	onSubmit,
	secondaryAction,
	takenSubdomain = null,
	testIds,
}: ProjectDetailsFormProps) {
	const { t } = useTranslation();
	const [values, setValues] = useState(initialValues);
	const [submitted, setSubmitted] = useState(false);
	const [busy, setBusy] = useState(false);

	const errors = checkProjectForm(values);
	const shown: Partial<Record<'name' | 'subdomain', ProjectFormError>> = submitted ? errors : {};
	const takenShown = takenSubdomain !== null && takenSubdomain === normalizeSubdomain(values.subdomain);

	const update = (field: 'name' | 'description' | 'subdomain') => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		setSubmitted(true);
		if (Object.keys(errors).length > 0) return;
		setBusy(true);
		try {
			await onSubmit(toCreateRequest(values), values);
		} finally {
			setBusy(false);
		}
	};

	return (
		<Card.Root>
			<Card.Body>
				<form noValidate onSubmit={(event) => void submit(event)} data-testid={testIds.form}>
					<Stack gap="5">
						<Field.Root invalid={Boolean(shown.name)} required>
							<Field.Label>
								{t('projects.form.name')}
								<Field.RequiredIndicator />
							</Field.Label>
							<Input
								name="name"
								value={values.name}
								onChange={update('name')}
								maxLength={PROJECT_NAME_MAX_LENGTH}
								placeholder={t('projects.form.namePlaceholder')}
								data-testid="project-name-input"
							/>
							{shown.name && <Field.ErrorText data-testid="project-name-error">{t(`projects.validation.${shown.name}`)}</Field.ErrorText>}
						</Field.Root>
						<Field.Root>
							<Field.Label>
								{t('projects.form.description')}
								<Field.RequiredIndicator
									fallback={
										<Text as="span" color="fg.muted" fontWeight="normal">
											{t('projects.form.optional')}
										</Text>
									}
								/>
							</Field.Label>
							<Textarea
								name="description"
								value={values.description}
								onChange={update('description')}
								maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
								rows={3}
								placeholder={t('projects.form.descriptionPlaceholder')}
								data-testid="project-description-input"
							/>
						</Field.Root>
						<Field.Root invalid={Boolean(shown.subdomain) || takenShown} required>
							<Field.Label>
								{t('projects.form.subdomain')}
								<Field.RequiredIndicator />
							</Field.Label>
							<Input
								name="subdomain"
								value={values.subdomain}
								onChange={update('subdomain')}
								maxLength={SUBDOMAIN_MAX_LENGTH}
								autoComplete="off"
								spellCheck={false}
								placeholder={SUBDOMAIN_PLACEHOLDER}
								data-testid="project-subdomain-input"
							/>
							{shown.subdomain ? (
								<Field.ErrorText data-testid="project-subdomain-error">{t(`projects.validation.${shown.subdomain}`)}</Field.ErrorText>
							) : takenShown ? (
								<Field.ErrorText data-testid="project-subdomain-error">{t('errors.code.SUBDOMAIN_TAKEN')}</Field.ErrorText>
							) : (
								<Field.HelperText>{t('projects.form.subdomainHint')}</Field.HelperText>
							)}
							{siteHostSuffix && (
								<Text fontSize="sm" color="fg.muted" aria-live="polite">
									{t('projects.form.preview')}{' '}
									<Text as="span" fontFamily="mono" color="fg" data-testid="subdomain-preview">
										{sitePreview(values.subdomain, siteHostSuffix)}
									</Text>
								</Text>
							)}
						</Field.Root>
						<ProjectTemplatePicker value={values.template} onChange={(template) => setValues((current) => ({ ...current, template }))} />
						<Wrap gap="3" justify="flex-end">
							{secondaryAction}
							<Button type="submit" colorPalette="purple" loading={busy} data-testid={testIds.submit}>
								{submitLabel}
							</Button>
						</Wrap>
					</Stack>
				</form>
			</Card.Body>
		</Card.Root>
	);
}
