import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The control plane's Directus owns /assets/* (uploaded files), so the
    // portal's hashed bundles must live under a path Directus does not route.
    assetsDir: 'portal-assets',
  },
});
