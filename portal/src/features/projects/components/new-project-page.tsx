import { Alert, Container, Grid, Heading, List, Stack, Text, Card } from '@chakra-ui/react';
import type { Subscription } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { usePortalConfig } from '../../../lib/portal-config';
import { useProjects } from '../api/get-projects';
import { createBlock } from '../lib/project-allowance';
import { NewProjectForm } from './new-project-form';
import { ProjectSetup } from './project-setup';
import { PlanBenefitsList } from './plan-benefits-list';
import { SubscriptionRequired } from './subscription-required';

export type NewProjectPageProps = {
	/** The current subscription: null when there is none, undefined while it loads. */
	subscription: Subscription | null | undefined;
	subscriptionError: unknown;
};

const NEXT_STEPS = ['infrastructure', 'database', 'domain', 'certificate'] as const;

/**
 * `/projects/new`: the form, behind the subscription guard; once created, the setup screen of the
 * new project (`?project={id}`, so a reload keeps following it).
 */
export function NewProjectPage({ subscription, subscriptionError }: NewProjectPageProps) {
	const { t } = useTranslation();
	const [searchParams, setSearchParams] = useSearchParams();
	const { data: portalConfig } = usePortalConfig();
	const projects = useProjects();
	const createdId = searchParams.get('project');

	if (createdId) return <ProjectSetup projectId={createdId} planName={subscription?.plan.name ?? null} />;

	const failure = (subscription === undefined && subscriptionError) || projects.error;
	if (failure) {
		return (
			<Container maxW="2xl" py="16">
				<Alert.Root status="error">
					<Alert.Indicator />
					<Alert.Description>{getErrorMessage(failure)}</Alert.Description>
				</Alert.Root>
			</Container>
		);
	}
	if (subscription === undefined || projects.data === undefined) return <PageSpinner />;

	const block = createBlock(subscription, projects.data.length);
	if (block) return <SubscriptionRequired subscription={subscription} block={block} />;

	return (
		<Container maxW="6xl" py={{ base: '10', md: '16' }}>
			<Stack gap="8">
				<Stack gap="2">
					<Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
						{t('projects.form.title')}
					</Heading>
					<Text color="fg.muted">{t('projects.form.subtitle')}</Text>
				</Stack>
				<Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
					<NewProjectForm siteHostSuffix={portalConfig?.siteHostSuffix} onCreated={(project) => setSearchParams({ project: project.id }, { replace: true })} />
					<Stack gap="4">
						<Card.Root variant="subtle">
							<Card.Body gap="3">
								<Heading as="h2" size="md">
									{t('projects.next.title')}
								</Heading>
								<List.Root as="ol" gap="2" ps="5">
									{NEXT_STEPS.map((step) => (
										<List.Item key={step}>{t(`projects.next.${step}`)}</List.Item>
									))}
								</List.Root>
							</Card.Body>
						</Card.Root>
						<Card.Root variant="subtle">
							<Card.Body gap="3">
								<Heading as="h2" size="md">
									{t('projects.included.title')}
								</Heading>
								<PlanBenefitsList />
							</Card.Body>
						</Card.Root>
					</Stack>
				</Grid>
			</Stack>
		</Container>
	);
}
