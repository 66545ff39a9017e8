import { useSubscription } from '../../features/billing/api/get-subscription';
import { NewProjectPage } from '../../features/projects/components/new-project-page';

/** `/projects/new`: the projects feature's form and setup screen, fed the subscription (billing feature). */
export function NewProjectRoute() {
	const subscription = useSubscription();
	return <NewProjectPage subscription={subscription.data} subscriptionError={subscription.error} />;
}
