import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuGlobe } from 'react-icons/lu';
import { isSupportedLanguage, languages } from '../../config/languages';
import { changeLanguage, currentLanguage } from '../../lib/i18n';

/** Menu of the supported languages, each named in its own language. */
export function LanguageSwitcher() {
  // useTranslation re-renders this component whenever the language changes.
  const { t } = useTranslation();
  const active = currentLanguage();

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          data-testid="language-switcher"
          aria-label={t('nav.changeLanguage')}
        >
          <LuGlobe aria-hidden="true" />
          {active.toUpperCase()}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <Menu.RadioItemGroup
              value={active}
              onValueChange={(details) => {
                if (isSupportedLanguage(details.value)) void changeLanguage(details.value);
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
      </Portal>
    </Menu.Root>
  );
}
