import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The top of every billing sub-page: the way back to /subscription, the title and what the page is for. */
export function BillingPageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
	const { t } = useTranslation();
	return (
		<Stack gap="3" align="flex-start">
			<Button asChild variant="ghost" size="sm" px="2">
				<RouterLink to={paths.subscription.getHref()} data-testid="back-to-subscription">
					<LuArrowLeft aria-hidden="true" />
					{t('billing.backToSubscription')}
				</RouterLink>
			</Button>
			<Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
				{title}
			</Heading>
			{subtitle && <Text color="fg.muted">{subtitle}</Text>}
		</Stack>
	);
}
