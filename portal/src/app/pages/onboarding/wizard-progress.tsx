import { Box, Circle, HStack, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import { STEP_NAMES, stepState, WIZARD_STEP_COUNT, type WizardStep } from './lib/wizard-steps';

type WizardProgressProps = { steps: WizardStep[]; current: WizardStep; percent: number };

/** The step indicator, "Step N of 4" and the percent bar. */
export function WizardProgress({ steps, current, percent }: WizardProgressProps) {
	const { t } = useTranslation();
	return (
		<Stack gap="4" data-testid="wizard-progress">
			<HStack justify="space-between" gap="3">
				<Text fontWeight="semibold" data-testid="wizard-step-of">
					{t('onboarding.stepOf', { step: current, total: WIZARD_STEP_COUNT })}
				</Text>
				<Text color="fg.muted" data-testid="wizard-percent">
					{t('onboarding.percent', { percent })}
				</Text>
			</HStack>
			<Progress.Root value={percent} colorPalette="purple" aria-label={t('onboarding.progressLabel')}>
				<Progress.Track>
					<Progress.Range />
				</Progress.Track>
			</Progress.Root>
			<Box as="ol" display="flex" gap={{ base: '2', md: '4' }} flexWrap="wrap" aria-label={t('onboarding.stepsLabel')} data-testid="wizard-steps">
				{steps.map((step, index) => {
					const state = stepState(step, current);
					return (
						<HStack
							as="li"
							key={step}
							gap="2"
							flex="1"
							minW="32"
							aria-current={state === 'current' ? 'step' : undefined}
							data-testid="wizard-step"
							data-step={step}
							data-state={state}
						>
							<Circle
								size="8"
								flexShrink="0"
								fontWeight="semibold"
								fontSize="sm"
								bg={state === 'upcoming' ? 'bg.muted' : 'purple.solid'}
								color={state === 'upcoming' ? 'fg.muted' : 'purple.contrast'}
								aria-hidden="true"
							>
								{state === 'complete' ? <LuCheck /> : index + 1}
							</Circle>
							<Text fontSize="sm" fontWeight={state === 'current' ? 'semibold' : 'normal'} color={state === 'upcoming' ? 'fg.muted' : 'fg'}>
								{t(`onboarding.steps.${STEP_NAMES[step]}`)}
								<VisuallyHidden>{` (${t(`onboarding.stepState.${state}`)})`}</VisuallyHidden>
							</Text>
						</HStack>
					);
				})}
			</Box>
		</Stack>
	);
}
