import { Alert, Button, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import type { Project, ProjectStorage as StorageFigures } from '@epic/platform-api';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useProjectStorage } from '../api/get-project-storage';
import { formatMegabytes, STORAGE_WARNING_PERCENT, storagePercent } from '../lib/storage-format';

/**
 * The site's storage in its details dialog: "Storage: X MB of Y MB" and a bar, as the runtime
 * measures it now (uploads, database and log) against the quota it enforces from the plan. Once
 * full, it says why uploads are refused and what frees them. Never zeros in place of figures the
 * platform could not read.
 */
export function ProjectStorage({ project }: { project: Project }) {
	const { t } = useTranslation();
	const published = project.status === 'published';
	const storage = useProjectStorage(project.id, published);

	return (
		<Stack gap="3" data-testid="project-storage">
			<Heading as="h3" size="sm">
				{t('projects.storage.title')}
			</Heading>
			{!published ? (
				<Text fontSize="sm" color="fg.muted">
					{t('projects.storage.later')}
				</Text>
			) : storage.error ? (
				<Alert.Root status="error" size="sm">
					<Alert.Indicator />
					<Alert.Description>{getErrorMessage(storage.error, t('projects.storage.loadFailed'))}</Alert.Description>
				</Alert.Root>
			) : !storage.data ? (
				<Text fontSize="sm" color="fg.muted" role="status">
					{t('common.loading')}
				</Text>
			) : !storage.data.available ? (
				<Text fontSize="sm" color="fg.muted" data-testid="storage-unavailable" data-reason={storage.data.reason}>
					{t(`projects.storage.why.${storage.data.reason}`)}
				</Text>
			) : (
				<Figures storage={storage.data} />
			)}
		</Stack>
	);
}

function Figures({ storage }: { storage: Extract<StorageFigures, { available: true }> }) {
	const { t, i18n } = useTranslation();
	const labelId = useId();
	const used = formatMegabytes(storage.used_bytes, i18n.resolvedLanguage);
	if (storage.quota_bytes === null) {
		return <Text data-testid="storage-usage">{t('projects.storage.usedNoQuota', { used })}</Text>;
	}
	const quota = formatMegabytes(storage.quota_bytes, i18n.resolvedLanguage);
	const percent = storagePercent(storage.used_bytes, storage.quota_bytes);
	const text = t('projects.storage.used', { used, quota });
	return (
		<Stack gap="2">
			<Text id={labelId} data-testid="storage-usage" data-full={String(storage.full)}>
				{text}
			</Text>
			{/*
        The bar's role, value and range are on its track: the label goes there too, naming it by the
        figures above (its own label would be a bare percentage), and its value is read as the same words.
      */}
			<Progress.Root value={percent} size="sm" colorPalette={storage.full ? 'red' : percent >= STORAGE_WARNING_PERCENT ? 'orange' : 'purple'}>
				<Progress.Track aria-labelledby={labelId} aria-valuetext={text}>
					<Progress.Range />
				</Progress.Track>
			</Progress.Root>
			{storage.full && (
				<Alert.Root status="error" size="sm" data-testid="storage-full">
					<Alert.Indicator />
					<Stack gap="2">
						<Alert.Title>{t('projects.storage.fullTitle')}</Alert.Title>
						<Alert.Description>{t('projects.storage.fullText')}</Alert.Description>
						<Button asChild size="xs" variant="outline" alignSelf="flex-start">
							<RouterLink to={paths.subscription.getHref()}>{t('projects.storage.changePlan')}</RouterLink>
						</Button>
					</Stack>
				</Alert.Root>
			)}
		</Stack>
	);
}
