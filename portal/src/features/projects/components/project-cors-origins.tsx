import { Button, Field, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { CORS_ORIGINS_MAX, type Project } from '@epic/platform-api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/api-error';
import { toaster } from '../../../lib/toaster';
import { refreshProjects } from '../api/refresh-projects';
import { updateProject } from '../api/update-project';
import { checkCorsOrigins } from '../lib/cors-origins-form';

/**
 * The site's allowed origins in its details dialog: the front ends on other origins whose pages may
 * call the CMS from the browser, one per line. Saved at once to the site (the router applies them
 * from the next request, nothing restarts); a line that is not an origin is named, in the page's
 * language, before anything is sent, and the server's refusal is shown as it came.
 */
export function ProjectCorsOrigins({ project }: { project: Project }) {
	const { t } = useTranslation();
	const [text, setText] = useState(project.cors_origins.join('\n'));
	const [problem, setProblem] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);

	const save = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const check = checkCorsOrigins(text);
		if (!check.ok) {
			setProblem(check.problem.kind === 'tooMany' ? t('projects.cors.tooMany', { max: CORS_ORIGINS_MAX }) : t('projects.cors.invalid', { entry: check.problem.entry }));
			return;
		}
		setProblem(null);
		setSaving(true);
		try {
			const updated = await updateProject(project.id, { cors_origins: check.origins });
			setText(updated.cors_origins.join('\n'));
			await refreshProjects();
			toaster.success({ title: t('projects.cors.saved') });
		} catch (error) {
			setProblem(getErrorMessage(error, t('projects.cors.saveFailed')));
		} finally {
			setSaving(false);
		}
	};

	return (
		<Stack gap="3" data-testid="project-cors">
			<Heading as="h3" size="sm">
				{t('projects.cors.title')}
			</Heading>
			<form noValidate onSubmit={(event) => void save(event)}>
				<Stack gap="3">
					<Field.Root invalid={problem !== null}>
						<Field.Label>{t('projects.cors.label')}</Field.Label>
						<Textarea
							value={text}
							onChange={(event) => setText(event.target.value)}
							rows={3}
							fontFamily="mono"
							placeholder="https://www.example.com"
							spellCheck={false}
							autoCapitalize="off"
							data-testid="cors-origins-input"
						/>
						<Field.HelperText>{t('projects.cors.help', { max: CORS_ORIGINS_MAX })}</Field.HelperText>
						{problem && <Field.ErrorText data-testid="cors-origins-error">{problem}</Field.ErrorText>}
					</Field.Root>
					<Text fontSize="sm" color="fg.muted">
						{t('projects.cors.websockets')}
					</Text>
					<Button type="submit" alignSelf="flex-start" size="sm" loading={saving} data-testid="cors-origins-save">
						{t('projects.cors.save')}
					</Button>
				</Stack>
			</form>
		</Stack>
	);
}
