import { useSubscription } from '../../features/billing/api/get-subscription';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { ProjectsOverview } from '../../features/projects/components/projects-overview';

/** `/dashboard`: the welcome (dashboard feature) with the projects and the plan card (projects feature), fed the subscription (billing feature). */
export function DashboardRoute() {
	const subscription = useSubscription();
	return (
		<DashboardPage>
			<ProjectsOverview subscription={subscription.data} subscriptionError={subscription.error} />
		</DashboardPage>
	);
}
