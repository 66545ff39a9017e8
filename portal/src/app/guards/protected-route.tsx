import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';
import { paths } from '../../config/paths';
import type { ReturnToState } from '../../lib/auth/return-to';
import { useAuth } from '../../lib/auth/use-auth';

/** Signed-in only: a spinner while the session is checked, then /auth for visitors. */
export function ProtectedRoute() {
	const { user, isLoading, isLoggingOut } = useAuth();
	const location = useLocation();

	// While logging out, the logout flow itself navigates home; redirecting to /auth would race it.
	if (isLoading || isLoggingOut) return <PageSpinner />;
	if (!user) {
		const state: ReturnToState = { from: location.pathname + location.search };
		return <Navigate to={paths.auth.getHref()} replace state={state} />;
	}
	return <Outlet />;
}
