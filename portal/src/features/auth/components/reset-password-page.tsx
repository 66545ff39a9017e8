import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-error';
import { toaster } from '../../../lib/toaster';
import { useResetPassword } from '../api/reset-password';
import { isResetTokenExpired } from '../lib/reset-token';
import { AuthCard } from './auth-card';
import { InvalidResetLink } from './invalid-reset-link';
import { ResetPasswordForm } from './reset-password-form';

/** Fixed id so a double effect run in development does not show the toast twice. */
const MISSING_TOKEN_TOAST_ID = 'reset-password-missing-token';

/** /reset-password?token=…: the link from the reset email lands here. */
export function ResetPasswordPage() {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const [searchParams] = useSearchParams();
	const token = searchParams.get('token');
	const [linkInvalid, setLinkInvalid] = useState(() => token !== null && isResetTokenExpired(token, new Date()));
	const { trigger, isMutating } = useResetPassword();

	useEffect(() => {
		if (!token) toaster.error({ id: MISSING_TOKEN_TOAST_ID, title: t('auth.reset.missingToken') });
	}, [token, t]);

	if (!token) return <Navigate to={paths.auth.getHref()} replace />;
	if (linkInvalid) return <InvalidResetLink />;

	const handleSubmit = async (password: string) => {
		try {
			await trigger({ token, password });
			toaster.success({ title: t('auth.reset.success') });
			await navigate(paths.auth.getHref(), { replace: true });
		} catch (error) {
			// Directus answers 401/403 for an expired, used or tampered token.
			const status = getErrorStatus(error);
			if (status === 401 || status === 403) {
				setLinkInvalid(true);
				return;
			}
			toaster.error({ title: t('auth.reset.failed'), description: getErrorMessage(error) });
		}
	};

	return (
		<AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
			<ResetPasswordForm busy={isMutating} onSubmit={(password) => void handleSubmit(password)} />
		</AuthCard>
	);
}
