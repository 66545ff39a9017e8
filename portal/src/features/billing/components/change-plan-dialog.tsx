import { Alert, Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import type { BillingPeriod, Plan } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';

type ChangePlanDialogProps = {
  change: { plan: Plan; period: BillingPeriod } | null;
  busy: boolean;
  /** The server's refusal, e.g. PROJECT_LIMIT_EXCEEDED with how many projects to delete. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Confirms changing a subscriber's plan or period; the subscription is changed in place. */
export function ChangePlanDialog({ change, busy, error, onConfirm, onClose }: ChangePlanDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={change !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="change-plan-dialog" mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('billing.plans.changeTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {change && (
                <Text>
                  {t('billing.plans.changeText', { plan: change.plan.name, period: t(`plans.periods.${change.period}`) })}
                </Text>
              )}
              {error && (
                <Alert.Root status="error" mt="4" data-testid="change-plan-error">
                  <Alert.Indicator />
                  <Alert.Description>{error}</Alert.Description>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('billing.plans.keepCurrent')}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="purple" loading={busy} onClick={onConfirm} data-testid="confirm-change-plan">
                {t('billing.plans.confirmChange')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
