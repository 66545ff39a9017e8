import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Importing the app creates the router, which starts fetching the first page's code while the
// translations below are still on their way.
import { App } from './app/app';
import { initI18n } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// Everything rendered reads translations synchronously, so the first render waits for them.
await initI18n();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
