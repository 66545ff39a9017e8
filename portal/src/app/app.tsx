import { Toaster } from '../components/ui/toaster';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({ swrFallback }: { swrFallback?: Record<string, unknown> }) {
	return (
		<AppProvider swrFallback={swrFallback}>
			<AppRouter />
			{/* Outside the router so it is listening before the first page mounts: a toast raised
          by a page's first effect (e.g. "missing reset token") is otherwise never shown. */}
			<Toaster />
		</AppProvider>
	);
}
