import { useSubscription } from '../../../features/billing';
import { useAuth } from '../../../lib/auth/use-auth';
import { OnboardingWizard } from './onboarding-wizard';

/** `/onboarding`: the wizard, fed the signed-in customer and their subscription (billing feature). */
export function OnboardingRoute() {
	const { user } = useAuth();
	const subscription = useSubscription();
	// The protected route renders this only for a signed-in customer.
	if (!user) return null;
	return <OnboardingWizard user={user} subscription={subscription.data} subscriptionFailed={Boolean(subscription.error)} refreshSubscription={subscription.mutate} />;
}
