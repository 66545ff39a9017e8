import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { LICENCE_KEY_MAX_LENGTH, normalizeLicenceKey, type Project } from '@epic/platform-api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { refreshProjectTier } from '../api/get-project-tier';
import { refreshProjects } from '../api/refresh-projects';
import { removeProjectLicence } from '../api/remove-project-licence';
import { setProjectLicence } from '../api/set-project-licence';

/**
 * The owner's Directus licence key for the site, in the tier section of its details dialog. The
 * key is written, never shown: the field is a password field, never filled in, and the project
 * says only whether one is set. What happens to it is said as it is: the site validates it with
 * Directus's licence server at its next start and, when it cannot, runs on the core tier.
 */
export function ProjectLicenceKey({ project }: { project: Project }) {
	const { t } = useTranslation();
	const { user } = useAuth();
	const [key, setKey] = useState('');
	const [keySet, setKeySet] = useState(project.licence_key_set);
	const [problem, setProblem] = useState<string | null>(null);
	const [busy, setBusy] = useState<'save' | 'remove' | null>(null);

	const after = async (updated: Project, message: string) => {
		setKeySet(updated.licence_key_set);
		setKey('');
		await refreshProjects();
		if (user) await refreshProjectTier(user.id, project.id);
		toaster.success({ title: message });
	};

	const save = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const check = normalizeLicenceKey(key);
		if (!check.ok) {
			setProblem(t('projects.licence.invalid', { max: LICENCE_KEY_MAX_LENGTH }));
			return;
		}
		setProblem(null);
		setBusy('save');
		try {
			await after(await setProjectLicence(project.id, check.key), t('projects.licence.saved'));
		} catch (error) {
			setProblem(getErrorMessage(error, t('projects.licence.saveFailed')));
		} finally {
			setBusy(null);
		}
	};

	const remove = async () => {
		setProblem(null);
		setBusy('remove');
		try {
			await after(await removeProjectLicence(project.id), t('projects.licence.removed'));
		} catch (error) {
			setProblem(getErrorMessage(error, t('projects.licence.removeFailed')));
		} finally {
			setBusy(null);
		}
	};

	return (
		<form noValidate onSubmit={(event) => void save(event)} data-testid="project-licence">
			<Stack gap="3">
				<Text fontSize="sm" data-testid="licence-state">
					{t(keySet ? 'projects.licence.set' : 'projects.licence.none')}
				</Text>
				<Field.Root invalid={problem !== null}>
					<Field.Label>{t(keySet ? 'projects.licence.replaceLabel' : 'projects.licence.label')}</Field.Label>
					<Input
						type="password"
						value={key}
						onChange={(event) => setKey(event.target.value)}
						autoComplete="off"
						spellCheck={false}
						autoCapitalize="off"
						fontFamily="mono"
						maxLength={LICENCE_KEY_MAX_LENGTH + 64}
						data-testid="licence-key-input"
					/>
					<Field.HelperText>{t('projects.licence.help')}</Field.HelperText>
					{problem && <Field.ErrorText data-testid="licence-key-error">{problem}</Field.ErrorText>}
				</Field.Root>
				<HStack gap="2" flexWrap="wrap">
					<Button type="submit" size="sm" loading={busy === 'save'} disabled={busy !== null} data-testid="licence-key-save">
						{t('projects.licence.save')}
					</Button>
					{keySet && (
						<Button
							type="button"
							size="sm"
							variant="outline"
							colorPalette="red"
							loading={busy === 'remove'}
							disabled={busy !== null}
							onClick={() => void remove()}
							data-testid="licence-key-remove"
						>
							{t('projects.licence.remove')}
						</Button>
					)}
				</HStack>
			</Stack>
		</form>
	);
}
