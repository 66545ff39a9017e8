import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

type CancelSubscriptionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The formatted end of the current period, when known. */
  endDate: string | null;
  busy: boolean;
  onConfirm: () => void;
};

/** Confirms a cancellation: it takes effect at the end of the period, not now. */
export function CancelSubscriptionDialog({ open, onOpenChange, endDate, busy, onConfirm }: CancelSubscriptionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cancel-dialog" mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('billing.cancel.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{endDate ? t('billing.cancel.textUntil', { date: endDate }) : t('billing.cancel.text')}</Text>
              <Text mt="3" color="fg.muted">
                {t('billing.cancel.reactivateHint')}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" data-testid="keep-subscription">
                  {t('billing.cancel.keep')}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={busy} onClick={onConfirm} data-testid="confirm-cancel">
                {t('billing.cancel.confirm')}
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
