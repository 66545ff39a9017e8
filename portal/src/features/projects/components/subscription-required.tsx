import { Button, Card, Container, DataList, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Subscription } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuSparkles } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { isUnlimitedProjectLimit } from '@epic/platform-api';
import type { CreateBlock } from '../lib/project-allowance';
import { PlanBenefitsList } from './plan-benefits-list';

/** Shown instead of the new-project form when the subscription does not allow one more project. */
export function SubscriptionRequired({ subscription, block }: { subscription: Subscription | null; block: CreateBlock }) {
	const { t } = useTranslation();
	const limit = subscription?.plan.project_limit ?? 0;
	const limitText = !subscription
		? t('projects.guard.noPlan')
		: isUnlimitedProjectLimit(limit)
			? t('plans.projectsUnlimited')
			: limit <= 0
				? t('plans.projectsNone')
				: t('plans.projects', { count: limit });

	return (
		<Container maxW="2xl" py={{ base: '10', md: '16' }}>
			<Card.Root data-testid="subscription-guard" data-reason={block}>
				<Card.Body gap="6">
					<Stack gap="2">
						<Heading as="h1" size="2xl">
							{t(`projects.guard.${block}.title`)}
						</Heading>
						<Text color="fg.muted">{t(`projects.guard.${block}.text`)}</Text>
					</Stack>
					<DataList.Root orientation="horizontal">
						<DataList.Item>
							<DataList.ItemLabel>{t('projects.guard.currentPlan')}</DataList.ItemLabel>
							<DataList.ItemValue data-testid="guard-plan">{subscription?.plan.name ?? t('projects.guard.noPlan')}</DataList.ItemValue>
						</DataList.Item>
						<DataList.Item>
							<DataList.ItemLabel>{t('projects.guard.projectLimit')}</DataList.ItemLabel>
							<DataList.ItemValue data-testid="guard-limit">{limitText}</DataList.ItemValue>
						</DataList.Item>
					</DataList.Root>
					<Stack gap="3">
						<Heading as="h2" size="md">
							{t('projects.guard.benefitsTitle')}
						</Heading>
						<PlanBenefitsList />
					</Stack>
					<Wrap gap="3">
						<Button asChild colorPalette="purple">
							<RouterLink to={paths.subscription.getHref()} data-testid="guard-upgrade">
								<LuSparkles aria-hidden="true" />
								{t('projects.guard.upgrade')}
							</RouterLink>
						</Button>
						<Button asChild variant="outline">
							<RouterLink to={paths.dashboard.getHref()} data-testid="guard-back">
								<LuArrowLeft aria-hidden="true" />
								{t('projects.guard.back')}
							</RouterLink>
						</Button>
					</Wrap>
				</Card.Body>
			</Card.Root>
		</Container>
	);
}
