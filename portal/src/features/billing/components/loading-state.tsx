import { Spinner, Stack, Text } from '@chakra-ui/react';

/** A spinner with what is being waited for, announced to screen readers. */
export function LoadingState({ label, testId }: { label: string; testId?: string }) {
	return (
		<Stack align="center" gap="4" py="12" role="status" aria-live="polite" data-testid={testId}>
			<Spinner size="xl" color="purple.solid" />
			<Text color="fg.muted">{label}</Text>
		</Stack>
	);
}
