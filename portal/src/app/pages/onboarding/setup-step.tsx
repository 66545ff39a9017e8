import { Alert, Button, HStack, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { ProjectSetup } from '../../../features/projects';

/** What step 4 shows: the wait for the payment to show, the creation, or the created project's setup. */
export type SetupState = { kind: 'idle' } | { kind: 'confirming' } | { kind: 'unconfirmed' } | { kind: 'creating' } | { kind: 'created'; projectId: string };

type SetupStepProps = {
	state: SetupState;
	planName: string | null;
	onComplete: () => void;
	onCheckAgain: () => void;
	onChoosePlan: () => void;
	onBack: () => void;
};

/**
 * Step 4: the created project's real provisioning steps (the projects feature's setup screen); when
 * it is published the wizard says so and goes to the dashboard. Before that, the payment being
 * confirmed and the project being created.
 */
export function SetupStep({ state, planName, onComplete, onCheckAgain, onChoosePlan, onBack }: SetupStepProps) {
	const { t } = useTranslation();
	const busy = state.kind === 'confirming' || state.kind === 'creating';

	return (
		<Stack gap="6">
			{busy && (
				<HStack gap="3" role="status" data-testid="onboarding-creating">
					<Spinner color="purple.solid" aria-hidden="true" />
					<Text>{state.kind === 'confirming' ? t('onboarding.setup.confirming') : t('onboarding.setup.creating')}</Text>
				</HStack>
			)}
			{state.kind === 'unconfirmed' && (
				<Alert.Root status="warning" data-testid="onboarding-unconfirmed">
					<Alert.Indicator />
					<Stack gap="3" flex="1">
						<Alert.Content>
							<Alert.Title>{t('onboarding.setup.unconfirmedTitle')}</Alert.Title>
							<Alert.Description>{t('onboarding.setup.unconfirmedText')}</Alert.Description>
						</Alert.Content>
						<Wrap gap="3">
							<Button size="sm" colorPalette="purple" onClick={onCheckAgain} data-testid="onboarding-check-again">
								{t('onboarding.setup.checkAgain')}
							</Button>
							<Button size="sm" variant="outline" onClick={onChoosePlan}>
								{t('onboarding.payment.choosePlan')}
							</Button>
						</Wrap>
					</Stack>
				</Alert.Root>
			)}
			{state.kind === 'created' && <ProjectSetup projectId={state.projectId} planName={planName} embedded onComplete={onComplete} />}
			<HStack>
				<Button variant="outline" onClick={onBack} disabled={busy} data-testid="onboarding-back">
					<LuArrowLeft aria-hidden="true" />
					{t('onboarding.back')}
				</Button>
			</HStack>
		</Stack>
	);
}
