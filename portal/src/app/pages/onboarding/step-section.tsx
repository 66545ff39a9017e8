import { Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';

type StepSectionProps = {
	/** Changes with the step: the heading then takes the focus, so keyboard and screen-reader users start at the new step. */
	stepKey: number;
	title: string;
	description?: ReactNode;
	children: ReactNode;
};

/** One step of the wizard: a section named by its heading, which receives focus when the step changes. */
export function StepSection({ stepKey, title, description, children }: StepSectionProps) {
	const heading = useRef<HTMLHeadingElement>(null);
	const shownStep = useRef(stepKey);

	useEffect(() => {
		// Not on the first render: the page opens with the focus where the browser puts it.
		if (shownStep.current === stepKey) return;
		shownStep.current = stepKey;
		heading.current?.focus();
	}, [stepKey]);

	return (
		<Stack as="section" gap="6" aria-labelledby="onboarding-step-heading" data-testid="onboarding-step" data-step={stepKey}>
			<Stack gap="1">
				<Heading
					as="h2"
					size="xl"
					id="onboarding-step-heading"
					ref={heading}
					tabIndex={-1}
					outline="none"
					_focusVisible={{ outline: '2px solid', outlineColor: 'purple.solid', outlineOffset: '2px' }}
					data-testid="onboarding-step-heading"
				>
					{title}
				</Heading>
				{description && <Text color="fg.muted">{description}</Text>}
			</Stack>
			{children}
		</Stack>
	);
}
