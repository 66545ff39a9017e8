import { Alert, Stack } from '@chakra-ui/react';
import type { Plan, BillingPeriod } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { EMPTY_PROJECT_FORM, ProjectDetailsForm, type ProjectFormValues } from '../../../features/projects';
import { usePortalConfig } from '../../../lib/portal-config';

type DetailsStepProps = {
	/** Details entered before (coming back to this step), else an empty form. */
	initialValues: ProjectFormValues | null;
	subscribed: boolean;
	/** The plan picked on the pricing cards before registering, matched against the active plans. */
	chosenPlan: { plan: Plan; period: BillingPeriod } | null;
	/** Back from paying, but the details kept before paying were not found in this tab. */
	detailsMissing: boolean;
	takenSubdomain: string | null;
	onSubmit: (values: ProjectFormValues) => Promise<void>;
};

/** Step 1: name, optional description and subdomain. A subscriber's project is created on submit. */
export function DetailsStep({ initialValues, subscribed, chosenPlan, detailsMissing, takenSubdomain, onSubmit }: DetailsStepProps) {
	const { t } = useTranslation();
	const { data: portalConfig } = usePortalConfig();
	return (
		<Stack gap="4">
			{detailsMissing && (
				<Alert.Root status="warning" data-testid="onboarding-details-missing">
					<Alert.Indicator />
					<Alert.Content>
						<Alert.Title>{t('onboarding.detailsMissing.title')}</Alert.Title>
						<Alert.Description>{t('onboarding.detailsMissing.text')}</Alert.Description>
					</Alert.Content>
				</Alert.Root>
			)}
			{chosenPlan && (
				<Alert.Root status="info" variant="subtle" data-testid="onboarding-chosen-plan" data-plan-id={chosenPlan.plan.id} data-period={chosenPlan.period}>
					<Alert.Indicator />
					<Alert.Content>
						<Alert.Title>{t('onboarding.chosenPlan.title', { plan: chosenPlan.plan.name, period: t(`plans.periods.${chosenPlan.period}`) })}</Alert.Title>
						<Alert.Description>{t('onboarding.chosenPlan.text')}</Alert.Description>
					</Alert.Content>
				</Alert.Root>
			)}
			<ProjectDetailsForm
				siteHostSuffix={portalConfig?.siteHostSuffix}
				initialValues={initialValues ?? EMPTY_PROJECT_FORM}
				submitLabel={subscribed ? t('onboarding.details.create') : t('onboarding.details.continue')}
				onSubmit={(_request, values) => onSubmit(values)}
				takenSubdomain={takenSubdomain}
				testIds={{ form: 'onboarding-details-form', submit: 'onboarding-details-submit' }}
			/>
		</Stack>
	);
}
