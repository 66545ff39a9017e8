import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { toaster } from '../../../lib/toaster';
import { createBillingPortalSession } from '../api/create-billing-portal-session';
import { destinationOf } from './checkout-urls';

/**
 * Creates a billing-portal session and opens it. The sandbox's portal is a page of this app and is
 * routed here; Stripe's opens in a new tab (docs/product.md, Billing API), or in this one when the
 * browser blocks the tab. Its return URL is /subscription.
 */
export function useOpenBillingPortal() {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const [busy, setBusy] = useState(false);

	const open = useCallback(async () => {
		setBusy(true);
		try {
			const origin = window.location.origin;
			const { url } = await createBillingPortalSession(`${origin}${paths.subscription.getHref()}`);
			const destination = destinationOf(url, origin);
			if (destination.kind === 'internal') {
				await navigate(destination.path);
			} else {
				const tab = window.open(destination.href, '_blank');
				if (tab) tab.opener = null;
				else window.location.assign(destination.href);
			}
		} catch (error) {
			toaster.error({ title: t('billing.portal.openFailed'), description: getErrorMessage(error) });
		} finally {
			setBusy(false);
		}
	}, [navigate, t]);

	return { open, busy };
}
