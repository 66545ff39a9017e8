import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { readPlanIntent } from '../../../lib/plans/plan-intent';
import { toaster } from '../../../lib/toaster';
import { useVerifyEmail } from '../api/verify-email';
import { TokenLinkResult } from './token-link-result';

/**
 * /verify-email?token=…: the link from the registration email lands here. A plan picked before
 * registering (`&plan=…&period=…`) is passed on to sign-in, which then opens onboarding with it.
 */
export function VerifyEmailPage() {
	const { t } = useTranslation();
	const [searchParams] = useSearchParams();
	const token = searchParams.get('token');
	const planIntent = readPlanIntent(searchParams);

	const { data, error } = useVerifyEmail(token, {
		onSuccess: () => toaster.success({ title: t('auth.verify.successToast') }),
		onError: () => toaster.error({ title: t('auth.verify.failureToast') }),
	});

	return (
		<TokenLinkResult
			token={token}
			succeeded={Boolean(data)}
			error={error}
			texts={{
				workingTitle: t('auth.verify.verifyingTitle'),
				successTitle: t('auth.verify.successTitle'),
				successText: t('auth.verify.successText'),
				failureTitle: t('auth.verify.failureTitle'),
				noToken: t('auth.verify.noToken'),
			}}
			successAction={{ to: paths.auth.getHref('login', planIntent), label: t('auth.goToLogin') }}
			failureAction={{ to: paths.auth.getHref('register', planIntent), label: t('auth.verify.tryAgain') }}
			testIds={{ success: 'verify-email-success' }}
		/>
	);
}
