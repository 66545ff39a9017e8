import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from '../../lib/toaster';

const ToastGroup = lazy(async () => ({ default: (await import('./toast-group')).ToastGroup }));

/**
 * The app's toasts; mount exactly once, at the app root. The toast machinery is fetched with the
 * first toast, not with the first page: toasts raised before it arrives wait in the queue
 * (`lib/toaster.ts`) and show as soon as it mounts.
 */
export function Toaster() {
	const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
	useEffect(() => {
		if (needed) return;
		if (toaster.getCount() > 0) setNeeded(true);
		return toaster.subscribe(() => setNeeded(true));
	}, [needed]);
	return needed ? (
		<Suspense fallback={null}>
			<ToastGroup />
		</Suspense>
	) : null;
}
