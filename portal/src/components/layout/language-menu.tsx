import { Menu } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, languages, type LanguageCode } from '../../config/languages';
import { updateAccount } from '../../lib/auth/session-api';
import { useAuth } from '../../lib/auth/use-auth';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import type { LoadedMenuProps } from '../ui/deferred-menu';

/**
 * Menu of the supported languages, each named in its own language. A signed-in customer's choice
 * is also saved with their account, so our emails follow it; the page never waits for that.
 */
export function LanguageMenu({ trigger }: LoadedMenuProps) {
	// useTranslation re-renders this menu whenever the language changes.
	useTranslation();
	const { user, applyUser } = useAuth();
	const active = currentLanguage();

	const choose = (code: LanguageCode) => {
		void changeLanguage(code);
		if (!user || user.language === code) return;
		void updateAccount({ language: code }).then(applyUser, (error: unknown) => {
			console.error('Could not save the language with the account', error);
		});
	};

	return (
		<Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
			<Menu.Trigger asChild>{trigger}</Menu.Trigger>
			{/* In place rather than in a portal: the open menu stays inside the navigation landmark, right after its button. */}
			<Menu.Positioner>
				<Menu.Content minW="40">
					<Menu.RadioItemGroup
						value={active}
						onValueChange={(details) => {
							if (isSupportedLanguage(details.value)) choose(details.value);
						}}
					>
						{languages.map((language) => (
							<Menu.RadioItem key={language.code} value={language.code} lang={language.code}>
								{language.nativeName}
								<Menu.ItemIndicator />
							</Menu.RadioItem>
						))}
					</Menu.RadioItemGroup>
				</Menu.Content>
			</Menu.Positioner>
		</Menu.Root>
	);
}
