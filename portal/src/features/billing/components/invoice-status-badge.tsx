import { Badge } from '@chakra-ui/react';
import type { InvoiceStatus } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<InvoiceStatus, 'green' | 'orange' | 'red'> = { paid: 'green', pending: 'orange', failed: 'red' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
	const { t } = useTranslation();
	return (
		<Badge colorPalette={PALETTE[status]} variant="subtle" data-testid="invoice-status" data-status={status}>
			{t(`billing.invoices.status.${status}`)}
		</Badge>
	);
}
