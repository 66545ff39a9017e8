import { useTranslation } from 'react-i18next';
import { LuLink2Off } from 'react-icons/lu';
import { paths } from '../../../config/paths';
import { AuthFailureCard } from './auth-failure-card';

/** Shown for an expired or already-used reset link. */
export function InvalidResetLink() {
	const { t } = useTranslation();
	return (
		<AuthFailureCard
			title={t('auth.reset.invalidTitle')}
			icon={LuLink2Off}
			message={t('auth.reset.invalidText')}
			action={{ to: paths.forgotPassword.getHref(), label: t('auth.reset.requestNew') }}
		/>
	);
}
