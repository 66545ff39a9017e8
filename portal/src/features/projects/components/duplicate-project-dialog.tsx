import { Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { PROJECT_NAME_MAX_LENGTH, SUBDOMAIN_MAX_LENGTH, type Project, type ProjectBackup } from '@epic/platform-api';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { usePortalConfig } from '../../../lib/portal-config';
import { toaster } from '../../../lib/toaster';
import { useProjectBackups } from '../api/get-backups';
import { duplicateProject } from '../api/duplicate-project';
import { refreshProjects } from '../api/refresh-projects';
import { formatDateTime } from '../lib/backup-format';
import { copyFormDefaults, checkCopyForm, toDuplicateRequest, type CopyFormValues } from '../lib/copy-form';

type DuplicateProjectDialogProps = {
	/** The project to copy; null keeps the dialog closed. */
	source: Project | null;
	/** A backup chosen on its row ("Restore into a new project"); without it the customer picks latest or one. */
	backup?: ProjectBackup | null;
	onClose: () => void;
};

/**
 * Duplicate, and Restore into a new project (docs/product.md, Copies): a name and subdomain for the
 * new project and which backup of the source it gets. On success the setup screen follows the copy
 * being made, step by step.
 */
export function DuplicateProjectDialog({ source, backup = null, onClose }: DuplicateProjectDialogProps) {
	const { t, i18n } = useTranslation();
	const navigate = useNavigate();
	const { data: portalConfig } = usePortalConfig();
	const defaults = useCallback(() => copyFormDefaults(source, backup, (name) => t('projects.duplicate.defaultName', { name })), [source, backup, t]);
	const [values, setValues] = useState<CopyFormValues>(defaults);
	const [submitted, setSubmitted] = useState(false);
	const [busy, setBusy] = useState(false);
	const backups = useProjectBackups(source?.id ?? '', source !== null && backup === null);

	useEffect(() => {
		setValues(defaults());
		setSubmitted(false);
	}, [defaults]);

	const errors = checkCopyForm(values);
	const shown = submitted ? errors : {};

	const submit = async (event: FormEvent) => {
		event.preventDefault();
		setSubmitted(true);
		if (!source || Object.keys(errors).length > 0) return;
		setBusy(true);
		try {
			const copy = await duplicateProject(source.id, toDuplicateRequest(values));
			await refreshProjects();
			toaster.success({ title: t('projects.duplicate.started', { name: copy.name }) });
			onClose();
			void navigate(paths.newProject.getHref(copy.id));
		} catch (error) {
			toaster.error({ title: t('projects.duplicate.failed'), description: getErrorMessage(error) });
		} finally {
			setBusy(false);
		}
	};

	const update = (field: 'name' | 'subdomain') => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
	const list = backups.data ?? [];

	return (
		<Dialog.Root open={source !== null} onOpenChange={(details) => !details.open && onClose()} placement="center">
			<Portal>
				<Dialog.Backdrop />
				<Dialog.Positioner>
					<Dialog.Content data-testid="duplicate-project-dialog" mx="4" maxW="lg">
						<form noValidate onSubmit={(event) => void submit(event)}>
							<Dialog.Header>
								<Dialog.Title>{backup ? t('projects.duplicate.restoreTitle') : t('projects.duplicate.title', { name: source?.name ?? '' })}</Dialog.Title>
							</Dialog.Header>
							<Dialog.Body>
								<Stack gap="4">
									<Text fontSize="sm" color="fg.muted">
										{backup
											? t('projects.duplicate.fromBackup', { name: source?.name ?? '', date: formatDateTime(backup.created_at, i18n.resolvedLanguage) ?? backup.created_at })
											: t('projects.duplicate.text')}
									</Text>
									<Field.Root invalid={Boolean(shown.name)} required>
										<Field.Label>
											{t('projects.form.name')}
											<Field.RequiredIndicator />
										</Field.Label>
										<Input name="name" value={values.name} onChange={update('name')} maxLength={PROJECT_NAME_MAX_LENGTH} data-testid="copy-name-input" />
										{shown.name && <Field.ErrorText>{t(`projects.validation.${shown.name}`)}</Field.ErrorText>}
									</Field.Root>
									<Field.Root invalid={Boolean(shown.subdomain)} required>
										<Field.Label>
											{t('projects.form.subdomain')}
											<Field.RequiredIndicator />
										</Field.Label>
										<Input name="subdomain" value={values.subdomain} onChange={update('subdomain')} maxLength={SUBDOMAIN_MAX_LENGTH} data-testid="copy-subdomain-input" />
										{shown.subdomain ? (
											<Field.ErrorText>{t(`projects.validation.${shown.subdomain}`)}</Field.ErrorText>
										) : (
											<Field.HelperText wordBreak="break-all">{`${values.subdomain.trim().toLowerCase() || '…'}.${portalConfig?.siteHostSuffix ?? ''}`}</Field.HelperText>
										)}
									</Field.Root>
									{!backup && (
										<RadioGroup.Root
											value={values.backupId === null ? 'latest' : 'chosen'}
											onValueChange={(details) => setValues((current) => ({ ...current, backupId: details.value === 'latest' ? null : (list[0]?.id ?? null) }))}
											aria-label={t('projects.duplicate.which')}
										>
											<Stack gap="2">
												<RadioGroup.Item value="latest" data-testid="copy-latest">
													<RadioGroup.ItemHiddenInput />
													<RadioGroup.ItemIndicator />
													<RadioGroup.ItemText>{t('projects.duplicate.latest')}</RadioGroup.ItemText>
												</RadioGroup.Item>
												<RadioGroup.Item value="chosen" disabled={list.length === 0} data-testid="copy-chosen">
													<RadioGroup.ItemHiddenInput />
													<RadioGroup.ItemIndicator />
													<RadioGroup.ItemText>{t('projects.duplicate.chosen')}</RadioGroup.ItemText>
												</RadioGroup.Item>
											</Stack>
										</RadioGroup.Root>
									)}
									{!backup && values.backupId !== null && (
										<NativeSelect.Root size="sm">
											<NativeSelect.Field
												aria-label={t('projects.duplicate.backup')}
												value={values.backupId}
												onChange={(event) => setValues((current) => ({ ...current, backupId: event.target.value }))}
												data-testid="copy-backup-select"
											>
												{list.map((item) => (
													<option key={item.id} value={item.id}>
														{`${formatDateTime(item.created_at, i18n.resolvedLanguage) ?? item.created_at} · ${t(`projects.backups.kinds.${item.kind}`)}`}
													</option>
												))}
											</NativeSelect.Field>
											<NativeSelect.Indicator />
										</NativeSelect.Root>
									)}
									<Text fontSize="sm" color="fg.muted">
										{t('projects.duplicate.note')}
									</Text>
								</Stack>
							</Dialog.Body>
							<Dialog.Footer>
								<Dialog.ActionTrigger asChild>
									<Button variant="outline" type="button">
										{t('projects.duplicate.cancel')}
									</Button>
								</Dialog.ActionTrigger>
								<Button type="submit" colorPalette="purple" loading={busy} data-testid="copy-confirm">
									{t('projects.duplicate.confirm')}
								</Button>
							</Dialog.Footer>
						</form>
						<Dialog.CloseTrigger asChild>
							<CloseButton size="sm" aria-label={t('common.close')} />
						</Dialog.CloseTrigger>
					</Dialog.Content>
				</Dialog.Positioner>
			</Portal>
		</Dialog.Root>
	);
}
