import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Libraries that change rarely get their own long-cached chunks. */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
  { name: 'chakra', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui|@internationalized)[\\/]/ },
  // Only Stripe's embedded checkout needs these: a chunk of their own keeps them off every other page.
  { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/ },
  // The generated avatar is drawn only where a customer has no picture: loaded on first use.
  { name: 'dicebear', test: /node_modules[\\/]@dicebear[\\/]/ },
  { name: 'vendor', test: /node_modules[\\/]/ },
];

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The control plane's Directus owns /assets/* (uploaded files), so the
    // portal's hashed bundles must live under a path Directus does not route.
    assetsDir: 'portal-assets',
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
});
