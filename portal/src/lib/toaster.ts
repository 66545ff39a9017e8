import { createToaster } from '@chakra-ui/react';

/**
 * The app's single toast queue (docs/product.md, Constants: 4 s, at most 3 visible,
 * 14 px apart). Placed top-right below the fixed navigation so it never
 * covers the floating help button in the bottom corner.
 */
export const toaster = createToaster({
  placement: 'top-end',
  duration: 4000,
  max: 3,
  gap: 14,
  offsets: { top: '80px', right: '16px', bottom: '16px', left: '16px' },
  pauseOnPageIdle: true,
});
