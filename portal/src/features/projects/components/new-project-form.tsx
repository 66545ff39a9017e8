import { Button, Card, Field, Input, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH, SUBDOMAIN_MAX_LENGTH, type Project } from '@epic/platform-api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorCode, getErrorMessage } from '../../../lib/api-error';
import { toaster } from '../../../lib/toaster';
import { createProject, refreshProjects } from '../api/projects';
import { checkProjectForm, normalizeSubdomain, sitePreview, type ProjectFormError, type ProjectFormValues } from '../lib/project-form';

const EMPTY: ProjectFormValues = { name: '', description: '', subdomain: '' };

/** The server's own message for a refused payload: it names the field ("subdomain: …"). */
function serverMessage(error: unknown): string | null {
  const errors = (error as { errors?: { message?: unknown }[] } | null)?.errors;
  const message = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** Name, optional description and subdomain with a live preview of the address; checked after the first submit. */
export function NewProjectForm({ publicHost, onCreated }: { publicHost: string | undefined; onCreated: (project: Project) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [subdomainTaken, setSubdomainTaken] = useState<string | null>(null);

  const errors = checkProjectForm(values);
  const shown: Partial<Record<'name' | 'subdomain', ProjectFormError>> = submitted ? errors : {};
  const takenShown = subdomainTaken !== null && subdomainTaken === normalizeSubdomain(values.subdomain);

  const update = (field: keyof ProjectFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const description = values.description.trim();
      const project = await createProject({
        name: values.name.trim(),
        subdomain: normalizeSubdomain(values.subdomain),
        ...(description ? { description } : {}),
      });
      await refreshProjects();
      onCreated(project);
    } catch (error) {
      const code = getErrorCode(error);
      if (code === 'SUBDOMAIN_TAKEN') setSubdomainTaken(normalizeSubdomain(values.subdomain));
      const description = code === 'INVALID_PAYLOAD' ? (serverMessage(error) ?? getErrorMessage(error)) : getErrorMessage(error);
      toaster.error({ title: t('projects.form.failed'), description });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="new-project-form">
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
                <Field.RequiredIndicator fallback={<Text as="span" color="fg.muted" fontWeight="normal">{t('projects.form.optional')}</Text>} />
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
                placeholder="my-project"
                data-testid="project-subdomain-input"
              />
              {shown.subdomain ? (
                <Field.ErrorText data-testid="project-subdomain-error">{t(`projects.validation.${shown.subdomain}`)}</Field.ErrorText>
              ) : takenShown ? (
                <Field.ErrorText data-testid="project-subdomain-error">{t('errors.code.SUBDOMAIN_TAKEN')}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('projects.form.subdomainHint')}</Field.HelperText>
              )}
              {publicHost && (
                <Text fontSize="sm" color="fg.muted" aria-live="polite">
                  {t('projects.form.preview')}{' '}
                  <Text as="span" fontFamily="mono" color="fg" data-testid="subdomain-preview">
                    {sitePreview(values.subdomain, publicHost)}
                  </Text>
                </Text>
              )}
            </Field.Root>
            <Wrap gap="3" justify="flex-end">
              <Button asChild variant="outline">
                <RouterLink to={paths.dashboard.getHref()} data-testid="new-project-cancel">
                  {t('projects.form.cancel')}
                </RouterLink>
              </Button>
              <Button type="submit" colorPalette="purple" loading={busy} data-testid="new-project-submit">
                {t('projects.form.submit')}
              </Button>
            </Wrap>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
