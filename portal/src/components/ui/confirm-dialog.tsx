import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
	open: boolean;
	/** Called when the dialog closes without confirming (keep button, close button, Escape, backdrop). */
	onClose: () => void;
	title: string;
	children: ReactNode;
	keepLabel: string;
	confirmLabel: string;
	/** Red for what cannot be undone by the click alone, the brand colour otherwise. */
	confirmPalette: 'red' | 'purple';
	busy: boolean;
	onConfirm: () => void;
	testIds: { dialog: string; confirm: string; keep?: string };
	role?: 'dialog' | 'alertdialog';
};

/** Asks before an action: a title, what will happen, a keep button and a confirm button. */
export function ConfirmDialog(props: ConfirmDialogProps) {
	const { t } = useTranslation();
	return (
		<Dialog.Root
			role={props.role ?? 'dialog'}
			open={props.open}
			onOpenChange={(details) => {
				if (!details.open) props.onClose();
			}}
			placement="center"
		>
			<Portal>
				<Dialog.Backdrop />
				<Dialog.Positioner>
					<Dialog.Content data-testid={props.testIds.dialog} mx="4">
						<Dialog.Header>
							<Dialog.Title>{props.title}</Dialog.Title>
						</Dialog.Header>
						<Dialog.Body>{props.children}</Dialog.Body>
						<Dialog.Footer>
							<Dialog.ActionTrigger asChild>
								<Button variant="outline" data-testid={props.testIds.keep}>
									{props.keepLabel}
								</Button>
							</Dialog.ActionTrigger>
							<Button colorPalette={props.confirmPalette} loading={props.busy} onClick={props.onConfirm} data-testid={props.testIds.confirm}>
								{props.confirmLabel}
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
