import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Client-side navigation to "/#pricing" does not scroll by itself (the
 * browser only does that on a full page load), so scroll to the target here.
 */
export function useScrollToHash(): void {
	const { hash, key } = useLocation();
	useEffect(() => {
		if (!hash) return;
		document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
	}, [hash, key]);
}
