import { HStack, Status, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useServerPing } from '../api/get-server-ping';

/** Live control-plane status from polling GET /server/ping. */
export function SystemStatus() {
	const { t } = useTranslation();
	const { data, error } = useServerPing();

	const state = error ? 'unreachable' : data ? 'operational' : 'checking';
	const palette = { operational: 'green', unreachable: 'red', checking: 'gray' } as const;

	return (
		<HStack data-testid="system-status" data-status={state} gap="2" role="status" aria-live="polite">
			<Status.Root colorPalette={palette[state]} size="sm">
				<Status.Indicator />
			</Status.Root>
			<Text fontSize="sm" color="fg.muted">
				{t(`status.${state}`)}
			</Text>
		</HStack>
	);
}
