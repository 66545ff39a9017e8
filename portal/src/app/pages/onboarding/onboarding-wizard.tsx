import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { Subscription } from '@epic/platform-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { isCurrentSubscription } from '../../../features/billing';
import { toCreateRequest, type ProjectFormValues } from '../../../features/projects';
import type { SessionUser } from '../../../lib/auth/session-user';
import { usePlans } from '../../../lib/plans/get-plans';
import { readPlanIntent, resolvePlanIntent } from '../../../lib/plans/plan-intent';
import { toaster } from '../../../lib/toaster';
import { ChoosePlanStep } from './choose-plan-step';
import { DetailsStep } from './details-step';
import { clearDetails, loadDetails, saveDetails } from './lib/details-storage';
import { isPaymentReturn } from './lib/payment-return';
import { planCardId } from './lib/plan-card-id';
import { previousStep, progressPercent, STEP_NAMES, stepAfterDetails, visibleSteps, type WizardStep } from './lib/wizard-steps';
import { PaymentPanel } from './payment-panel';
import { SetupStep, type SetupState } from './setup-step';
import { StepSection } from './step-section';
import { useProjectCreation } from './use-project-creation';
import { WizardProgress } from './wizard-progress';

export type OnboardingWizardProps = {
	user: SessionUser;
	/** The current subscription: null when there is none, undefined while it loads. */
	subscription: Subscription | null | undefined;
	subscriptionFailed: boolean;
	/** Reads the subscription again and answers it (after a payment). */
	refreshSubscription: () => Promise<Subscription | null | undefined>;
};

/**
 * `/onboarding` (docs/product.md, Onboarding): project details, choose plan, payment, project setup;
 * a subscriber goes from the details straight to the setup. The details are kept per customer in
 * the browser's local storage (across the checkout's redirect, other tabs and restarts), and the
 * project is created once the payment shows as a subscription.
 */
export function OnboardingWizard({ user, subscription, subscriptionFailed, refreshSubscription }: OnboardingWizardProps) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const [searchParams] = useSearchParams();
	const { data: plans } = usePlans();
	const { create, takenSubdomain } = useProjectCreation();

	const [step, setStep] = useState<WizardStep>(() => (isPaymentReturn(searchParams) ? 4 : 1));
	// Details typed earlier (another tab, before a restart) fill the form again.
	const [details, setDetails] = useState<ProjectFormValues | null>(() => (isPaymentReturn(searchParams) ? null : loadDetails(localStorage, user.id)));
	const [cardId, setCardId] = useState<string | null>(null);
	const [setup, setSetup] = useState<SetupState>({ kind: 'idle' });
	const [detailsMissing, setDetailsMissing] = useState(false);
	// Paid in this wizard: the four steps stay listed on the setup step, though the customer is now a subscriber.
	const [paidHere, setPaidHere] = useState(() => isPaymentReturn(searchParams));

	// A failed subscription lookup counts as none: the customer can still pay.
	const subscriptionKnown = subscription !== undefined || subscriptionFailed;
	const subscribed = isCurrentSubscription(subscription);
	const twoSteps = subscribed && !paidHere;
	const chosenPlan = !subscribed && plans ? resolvePlanIntent(readPlanIntent(searchParams), plans) : null;

	const goTo = useCallback((next: WizardStep) => {
		if (next === 1) setPaidHere(false);
		setStep(next);
	}, []);

	const createFrom = useCallback(
		async (values: ProjectFormValues): Promise<boolean> => {
			const result = await create(toCreateRequest(values));
			if (!result.ok) return false;
			clearDetails(localStorage, user.id);
			setDetails(null);
			setSetup({ kind: 'created', projectId: result.projectId });
			setStep(4);
			return true;
		},
		[create, user.id],
	);

	/** Back from paying (or a plan changed in place): the subscription is read again, then the project is created. */
	const finishAfterPayment = useCallback(
		async (kept: ProjectFormValues | null) => {
			setSetup({ kind: 'confirming' });
			setStep(4);
			setPaidHere(true);
			let fresh: Subscription | null | undefined = null;
			try {
				fresh = await refreshSubscription();
			} catch {
				fresh = null;
			}
			if (!kept) {
				// Never guess the details: say they are gone and ask for them again.
				setDetailsMissing(true);
				setSetup({ kind: 'idle' });
				goTo(1);
				return;
			}
			setDetails(kept);
			if (!isCurrentSubscription(fresh)) {
				setSetup({ kind: 'unconfirmed' });
				return;
			}
			setSetup({ kind: 'creating' });
			if (!(await createFrom(kept))) {
				setSetup({ kind: 'idle' });
				goTo(1);
			}
		},
		[createFrom, goTo, refreshSubscription],
	);

	// `?step=4&success=true` (the checkout's return): to step 4, the URL cleaned to /onboarding, then
	// the project from the details kept before paying. Once per return.
	const handledReturn = useRef<string | null>(null);
	useEffect(() => {
		if (!isPaymentReturn(searchParams)) return;
		const marker = searchParams.toString();
		if (handledReturn.current === marker) return;
		handledReturn.current = marker;
		void navigate(paths.onboarding.getHref(), { replace: true });
		void finishAfterPayment(details ?? loadDetails(localStorage, user.id));
	}, [searchParams, navigate, finishAfterPayment, details, user.id]);

	const submitDetails = async (values: ProjectFormValues) => {
		setDetailsMissing(false);
		setDetails(values);
		if (subscribed) {
			await createFrom(values);
			return;
		}
		saveDetails(localStorage, user.id, values);
		if (chosenPlan) setCardId(planCardId(chosenPlan.plan.id, chosenPlan.period));
		goTo(stepAfterDetails(false, chosenPlan !== null));
	};

	const chooseCard = (id: string) => {
		setCardId(id);
		goTo(3);
	};

	const back = () => {
		const previous = previousStep(step);
		if (previous) goTo(previous);
	};

	const onSetupComplete = useCallback(() => {
		toaster.success({ title: t('onboarding.toast.created') });
		void navigate(paths.dashboard.getHref());
	}, [navigate, t]);

	const onPlanChanged = useCallback(() => void finishAfterPayment(details), [details, finishAfterPayment]);

	if (!subscriptionKnown && setup.kind === 'idle') return <PageSpinner />;

	const stepName = STEP_NAMES[step];
	return (
		<Container maxW="5xl" py={{ base: '8', md: '12' }} data-testid="onboarding-wizard" data-flow={twoSteps ? 'subscribed' : 'full'}>
			<Stack gap="8">
				<Stack gap="2">
					<Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="onboarding-welcome">
						{t('onboarding.welcome', { name: user.firstName || user.name })}
					</Heading>
					<Text color="fg.muted" fontSize="lg" data-testid="onboarding-subtitle">
						{twoSteps && subscription ? t('onboarding.subtitleSubscribed', { plan: subscription.plan.name }) : t('onboarding.subtitle')}
					</Text>
				</Stack>

				<WizardProgress steps={visibleSteps(twoSteps)} current={step} percent={progressPercent(step, twoSteps)} />

				<StepSection stepKey={step} title={t(`onboarding.steps.${stepName}`)} description={t(`onboarding.stepText.${stepName}`)}>
					{step === 1 && (
						<DetailsStep
							initialValues={details}
							subscribed={subscribed}
							chosenPlan={chosenPlan}
							detailsMissing={detailsMissing}
							takenSubdomain={takenSubdomain}
							onSubmit={submitDetails}
						/>
					)}
					{step === 2 && (
						<ChoosePlanStep subscription={subscription ?? null} initialPeriod={chosenPlan?.period} cardId={cardId} onChoose={chooseCard} onBack={back} onContinue={() => goTo(3)} />
					)}
					{step === 3 && <PaymentPanel cardId={cardId} onBack={back} onChanged={onPlanChanged} onNoPlan={() => goTo(2)} />}
					{step === 4 && (
						<SetupStep
							state={setup}
							planName={subscription?.plan.name ?? null}
							onComplete={onSetupComplete}
							onCheckAgain={() => void finishAfterPayment(details)}
							onChoosePlan={() => goTo(2)}
							onBack={back}
						/>
					)}
				</StepSection>
			</Stack>
		</Container>
	);
}
