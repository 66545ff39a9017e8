import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { projectStatusView, STATUS_PALETTE } from '../lib/project-status';

/** The status as a coloured badge (published shows as Active); `data-status` carries the server's status for tests. */
export function ProjectStatusBadge({ status }: { status: string }) {
	const { t } = useTranslation();
	const view = projectStatusView(status);
	return (
		<Badge colorPalette={STATUS_PALETTE[view]} variant="solid" rounded="full" px="2.5" data-testid="project-status" data-status={status}>
			{view === 'unknown' ? status : t(`projects.status.${view}`)}
		</Badge>
	);
}
