import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    html: {
      scrollBehavior: 'smooth',
      // Keeps hash targets (#features, #pricing) clear of the fixed navigation.
      scrollPaddingTop: '80px',
    },
  },
});

/** Chakra's defaults plus the few global rules above; light mode only. */
export const system = createSystem(defaultConfig, config);
