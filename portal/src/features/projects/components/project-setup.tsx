import { Alert, Badge, Box, Button, Card, Container, DataList, Heading, HStack, Progress, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Project, ProjectStepState } from '@epic/platform-api';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircle, LuCircleCheck, LuCircleX, LuExternalLink, LuRotateCcw } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { usePortalConfig } from '../../../lib/portal-config';
import { actionToasts } from '../../../lib/action-toasts';
import { toaster } from '../../../lib/toaster';
import { useProject } from '../api/get-project';
import { refreshProjects } from '../api/refresh-projects';
import { retryProject } from '../api/retry-project';
import { projectAddress, projectStatusView } from '../lib/project-status';
import { listedSetupSteps, setupPercent, type SetupStep } from '../lib/setup-progress';

/** After the setup completes, the dashboard follows after this long (docs/product.md, Pages and routes). */
export const REDIRECT_AFTER_MS = 3000;

const STATE_PALETTE: Record<ProjectStepState, string> = { pending: 'gray', in_progress: 'blue', complete: 'green', failed: 'red', skipped: 'gray' };

function StepIcon({ state }: { state: ProjectStepState }) {
	if (state === 'complete') return <LuCircleCheck aria-hidden="true" color="var(--chakra-colors-green-solid)" size="20" />;
	if (state === 'failed') return <LuCircleX aria-hidden="true" color="var(--chakra-colors-red-solid)" size="20" />;
	if (state === 'in_progress') return <Spinner size="sm" color="blue.solid" aria-hidden="true" />;
	return <LuCircle aria-hidden="true" color="var(--chakra-colors-fg-muted)" size="20" />;
}

/**
 * What a step means to the customer, in their language: what is done once it is, and the wait
 * while the certificate comes. The server's own words where only it knows them: a long step's
 * progress (a copy's restore), and the reason a step failed.
 */
function StepDetail({ step, address, copy }: { step: SetupStep; address: string; copy: boolean }) {
	const { t } = useTranslation();
	let text: string | null = null;
	if (step.state === 'complete') text = t(copy && step.name === 'database' ? 'projects.stepDone.databaseCopy' : `projects.stepDone.${step.name}`, { address });
	else if (step.state === 'in_progress') text = step.name === 'certificate' ? t('projects.stepDone.certificateWaiting') : step.detail;
	else if (step.state === 'failed') text = step.detail;
	if (!text) return null;
	return (
		<Text fontSize="sm" color="fg.muted" data-testid="setup-step-detail">
			{text}
		</Text>
	);
}

export type ProjectSetupProps = {
	projectId: string;
	planName: string | null;
	/**
	 * Inside another page (the onboarding wizard): no page container of its own, and the title is an
	 * h3 under the host's step heading.
	 */
	embedded?: boolean;
	/**
	 * Called once when the project is published, instead of this screen's own success toast and
	 * redirect to the dashboard 3 s later.
	 */
	onComplete?: (project: Project) => void;
};

/** The page container, or nothing when the screen sits inside another page. */
function Frame({ embedded, maxW, children }: { embedded: boolean; maxW: string; children: ReactNode }) {
	if (embedded) return children;
	return (
		<Container maxW={maxW} py={{ base: '10', md: '16' }}>
			{children}
		</Container>
	);
}

/**
 * "Creating your CMS": the project's real provisioning steps, read from `GET /projects/{id}` every
 * second while it is draft or pending (docs/product.md, Project). Nothing advances by time.
 */
export function ProjectSetup({ projectId, planName, embedded = false, onComplete }: ProjectSetupProps) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const { data: project, error, mutate } = useProject(projectId);
	const { data: portalConfig } = usePortalConfig();
	const [retrying, setRetrying] = useState(false);
	const announced = useRef(false);
	// The latest handler, so a new function from the host's render does not count as a new completion.
	const completeHandler = useRef(onComplete);
	useEffect(() => {
		completeHandler.current = onComplete;
	});
	const hostHandlesCompletion = onComplete !== undefined;

	const view = project ? projectStatusView(project.status) : null;
	const done = view === 'active';

	// Once published: the host's handler, or the success toast (once) and the dashboard after 3 s.
	useEffect(() => {
		if (!done || !project || announced.current) return;
		announced.current = true;
		void refreshProjects();
		if (completeHandler.current) completeHandler.current(project);
		else toaster.success({ title: t('projects.setup.created') });
	}, [done, project, t]);
	useEffect(() => {
		if (!done || hostHandlesCompletion) return;
		const timer = window.setTimeout(() => void navigate(paths.dashboard.getHref()), REDIRECT_AFTER_MS);
		return () => window.clearTimeout(timer);
	}, [done, hostHandlesCompletion, navigate]);

	if (error && !project) {
		return (
			<Frame embedded={embedded} maxW="2xl">
				<Alert.Root status="error" data-testid="setup-error">
					<Alert.Indicator />
					<Alert.Content>
						<Alert.Title>{t('projects.setup.loadFailed')}</Alert.Title>
						<Alert.Description>{getErrorMessage(error)}</Alert.Description>
					</Alert.Content>
					<Button asChild size="sm" variant="outline">
						<RouterLink to={paths.dashboard.getHref()}>{t('projects.setup.toDashboard')}</RouterLink>
					</Button>
				</Alert.Root>
			</Frame>
		);
	}
	if (!project || !portalConfig) return embedded ? <Spinner color="purple.solid" aria-label={t('common.loading')} /> : <PageSpinner />;

	const steps = listedSetupSteps(project.steps, portalConfig.sitesOverHttps);
	const address = projectAddress(project, portalConfig.siteHostSuffix);
	const percent = setupPercent(project.steps, portalConfig.sitesOverHttps);
	const failed = view === 'failed';

	const retry = async () => {
		const toasts = actionToasts('retry-project');
		toasts.retried();
		setRetrying(true);
		try {
			await mutate(await retryProject(project.id), { revalidate: true });
			toasts.succeeded();
		} catch (retryError) {
			toasts.failed({ title: t('projects.setup.retryFailed'), description: getErrorMessage(retryError) });
		} finally {
			setRetrying(false);
		}
	};

	return (
		<Frame embedded={embedded} maxW="3xl">
			<Card.Root data-testid="project-setup" data-status={project.status}>
				<Card.Body gap="6">
					<Stack gap="2">
						<Heading as={embedded ? 'h3' : 'h1'} size={embedded ? 'xl' : '2xl'} data-testid="setup-title">
							{done ? t('projects.setup.completeTitle') : failed ? t('projects.setup.failedTitle') : t('projects.setup.title')}
						</Heading>
						<Text color="fg.muted">{done ? t('projects.setup.completeText') : failed ? t('projects.setup.failedText') : t('projects.setup.text')}</Text>
					</Stack>

					<Stack gap="2">
						<HStack justify="space-between">
							<Text fontSize="sm" fontWeight="medium">
								{t('projects.setup.progress')}
							</Text>
							<Text fontSize="sm" data-testid="setup-percent">
								{percent}%
							</Text>
						</HStack>
						<Progress.Root value={percent} colorPalette={failed ? 'red' : 'purple'} aria-label={t('projects.setup.progress')}>
							<Progress.Track>
								<Progress.Range />
							</Progress.Track>
						</Progress.Root>
					</Stack>

					<Stack as="ol" gap="3" aria-live="polite" data-testid="setup-steps">
						{steps.map((step) => (
							<HStack as="li" key={step.name} gap="3" alignItems="flex-start" data-testid="setup-step" data-step={step.name} data-state={step.state}>
								<Box pt="0.5">
									<StepIcon state={step.state} />
								</Box>
								<Stack gap="0.5" flex="1" minW="0">
									<Text fontWeight="medium">{t(`projects.steps.${step.name}`)}</Text>
									<StepDetail step={step} address={address} copy={project.copy_of !== null} />
								</Stack>
								<Badge colorPalette={STATE_PALETTE[step.state]} variant="subtle" rounded="full">
									{t(`projects.stepState.${step.state}`)}
								</Badge>
							</HStack>
						))}
					</Stack>
					{!portalConfig.sitesOverHttps && (
						<Text fontSize="sm" color="fg.muted" data-testid="setup-no-tls">
							{t('projects.setup.noTls')}
						</Text>
					)}

					{failed && (
						<Alert.Root status="error" data-testid="setup-failure">
							<Alert.Indicator />
							<Alert.Content>
								<Alert.Title>{t('projects.setup.failureReason')}</Alert.Title>
								<Alert.Description>{project.failure_reason ?? t('projects.setup.noReason')}</Alert.Description>
							</Alert.Content>
							<Button size="sm" colorPalette="red" loading={retrying} onClick={() => void retry()} data-testid="setup-retry">
								<LuRotateCcw aria-hidden="true" />
								{t('projects.setup.retry')}
							</Button>
						</Alert.Root>
					)}

					<DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} size="sm" data-testid="setup-summary">
						<DataList.Item>
							<DataList.ItemLabel>{t('projects.setup.summaryName')}</DataList.ItemLabel>
							<DataList.ItemValue>{project.name}</DataList.ItemValue>
						</DataList.Item>
						<DataList.Item>
							<DataList.ItemLabel>{t('projects.setup.summaryDomain')}</DataList.ItemLabel>
							<DataList.ItemValue wordBreak="break-all">{address}</DataList.ItemValue>
						</DataList.Item>
						{planName && (
							<DataList.Item>
								<DataList.ItemLabel>{t('projects.setup.summaryPlan')}</DataList.ItemLabel>
								<DataList.ItemValue>{planName}</DataList.ItemValue>
							</DataList.Item>
						)}
					</DataList.Root>

					{done ? (
						<Stack gap="3" alignItems="flex-start">
							{project.admin_url && (
								<Button asChild colorPalette="purple">
									<a href={project.admin_url} target="_blank" rel="noopener noreferrer" data-testid="setup-open-cms">
										<LuExternalLink aria-hidden="true" />
										{t('projects.setup.access')}
									</a>
								</Button>
							)}
							{!hostHandlesCompletion && (
								<Text fontSize="sm" color="fg.muted" role="status" data-testid="setup-redirect">
									{t('projects.setup.redirecting')}
								</Text>
							)}
						</Stack>
					) : (
						<Wrap gap="3">
							<Button asChild variant="outline">
								<RouterLink to={paths.dashboard.getHref()} data-testid="setup-to-dashboard">
									{t('projects.setup.toDashboard')}
								</RouterLink>
							</Button>
						</Wrap>
					)}
				</Card.Body>
			</Card.Root>
		</Frame>
	);
}
