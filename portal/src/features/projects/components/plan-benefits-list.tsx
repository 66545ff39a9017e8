import { List } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck } from 'react-icons/lu';

/** What a plan with projects gives (docs/product.md, Pages and routes: the guard of /projects/new), each with a check mark. */
export const PLAN_BENEFITS = ['cms', 'subdomain', 'domain', 'api', 'credentials'] as const;

export function PlanBenefitsList() {
	const { t } = useTranslation();
	return (
		<List.Root gap="2" variant="plain">
			{PLAN_BENEFITS.map((benefit) => (
				<List.Item key={benefit}>
					<List.Indicator asChild color="green.solid">
						<LuCircleCheck aria-hidden="true" />
					</List.Indicator>
					{t(`projects.benefits.${benefit}`)}
				</List.Item>
			))}
		</List.Root>
	);
}
