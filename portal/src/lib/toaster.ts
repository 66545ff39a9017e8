import { createToaster } from '@chakra-ui/react';

/**
 * The app's single toast queue (docs/product.md, Constants: 4 s, at most 3 visible,
 * 14 px apart). Placed bottom-right above the floating help button: at the top they covered the
 * heading and first fields of a dialog, where the eye goes first.
 */
export const toaster = createToaster({
	placement: 'bottom-end',
	duration: 4000,
	max: 3,
	gap: 14,
	offsets: { top: '80px', right: '16px', bottom: '88px', left: '16px' },
	pauseOnPageIdle: true,
});
