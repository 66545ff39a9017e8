import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/use-auth';

/** Visitors only (the landing page): signed-in users belong on their dashboard. */
export function VisitorOnlyRoute() {
	const { user, isLoading } = useAuth();
	if (isLoading) return <PageSpinner />;
	if (user) return <Navigate to={paths.dashboard.getHref()} replace />;
	return <Outlet />;
}
