import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

/** Resolves once the first page's code has loaded, so a render draws that page, not the spinner. */
export function firstPageLoaded(): Promise<void> {
	if (router.state.initialized) return Promise.resolve();
	return new Promise((resolve) => {
		const unsubscribe = router.subscribe((state) => {
			if (!state.initialized) return;
			unsubscribe();
			resolve();
		});
	});
}

export function AppRouter() {
	return <RouterProvider router={router} />;
}
