import { Badge, Card, Heading, HStack, List, Separator, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import { isUnlimitedProjectLimit } from '@epic/platform-api';
import type { BillingPeriod, Plan } from '../../lib/plans/plan';
import { PlanPrice } from './plan-price';

type PlanCardProps = {
	plan: Plan;
	period: BillingPeriod;
	/** The card's button: register on the landing page, choose the plan on the subscription page. */
	action: ReactNode;
	testId: string;
	detailed?: boolean;
	/** The customer's current plan: marked with a badge and a border. */
	current?: boolean;
};

export function PlanCard({ plan, period, action, testId, detailed = false, current = false }: PlanCardProps) {
	const { t } = useTranslation();
	const projects = isUnlimitedProjectLimit(plan.projectLimit)
		? t('plans.projectsUnlimited')
		: plan.projectLimit <= 0
			? t('plans.projectsNone')
			: t('plans.projects', { count: plan.projectLimit });
	const highlighted = current || plan.popular;

	return (
		<Card.Root
			data-testid={testId}
			data-plan-id={plan.id}
			data-current={current || undefined}
			as="article"
			aria-label={plan.name}
			borderWidth={highlighted ? '2px' : '1px'}
			borderColor={current ? 'green.solid' : plan.popular ? 'purple.solid' : 'border'}
			boxShadow={highlighted ? 'lg' : undefined}
			h="full"
		>
			<Card.Header>
				<HStack justify="space-between" gap="2" minH="6" wrap="wrap">
					<Heading as="h3" size="lg">
						{plan.name}
					</Heading>
					{/* Badges wrap inside the card (Russian's are long) instead of spilling out of it. */}
					<HStack gap="1" wrap="wrap" minW="0">
						{current && (
							<Badge colorPalette="green" variant="solid" rounded="full" whiteSpace="normal" data-testid="plan-current-badge">
								{t('plans.current')}
							</Badge>
						)}
						{plan.popular && (
							<Badge colorPalette="purple" variant="solid" rounded="full" whiteSpace="normal">
								{t('plans.popular')}
							</Badge>
						)}
					</HStack>
				</HStack>
				{detailed && plan.description && (
					<Text color="fg.muted" fontSize="sm">
						{plan.description}
					</Text>
				)}
			</Card.Header>
			<Card.Body gap="4">
				<PlanPrice plan={plan} period={period} detailed={detailed} />
				<Separator />
				<Text fontWeight="semibold">{projects}</Text>
				{plan.features.length > 0 && (
					<List.Root gap="2" variant="plain">
						{plan.features.map((feature) => (
							<List.Item key={feature} alignItems="flex-start">
								<List.Indicator asChild color="green.fg" mt="1">
									<LuCheck aria-hidden="true" />
								</List.Indicator>
								{feature}
							</List.Item>
						))}
					</List.Root>
				)}
			</Card.Body>
			<Card.Footer>{action}</Card.Footer>
		</Card.Root>
	);
}
