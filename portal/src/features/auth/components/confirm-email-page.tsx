import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { TokenLinkResult } from './token-link-result';

/** /confirm-email?token=…: the link sent to the new address of an email change lands here. */
export function ConfirmEmailPage() {
	const { t } = useTranslation();
	const [searchParams] = useSearchParams();
	const token = searchParams.get('token');
	const { user, reloadUser } = useAuth();

	const { data, error } = useConfirmEmailChange(token, {
		onSuccess: () => {
			toaster.success({ title: t('auth.confirmEmail.successToast') });
			// A signed-in customer sees the new address at once (nothing happens for a visitor).
			reloadUser().catch((failure: unknown) => console.error('Could not reload the signed-in user', failure));
		},
		onError: () => toaster.error({ title: t('auth.confirmEmail.failureToast') }),
	});

	const toProfile = { to: paths.profile.getHref(), label: t('auth.confirmEmail.toProfile') };
	return (
		<TokenLinkResult
			token={token}
			succeeded={Boolean(data)}
			error={error}
			texts={{
				workingTitle: t('auth.confirmEmail.confirmingTitle'),
				successTitle: t('auth.confirmEmail.successTitle'),
				successText: t('auth.confirmEmail.successText'),
				failureTitle: t('auth.confirmEmail.failureTitle'),
				noToken: t('auth.confirmEmail.noToken'),
			}}
			successAction={user ? toProfile : { to: paths.auth.getHref(), label: t('auth.goToLogin') }}
			failureAction={toProfile}
			testIds={{ success: 'confirm-email-success', failure: 'confirm-email-failure' }}
		/>
	);
}
