import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
// Importing the app creates the router, which starts fetching the first page's code while the
// translations below are still on their way.
import { App } from './app/app';
import { firstPageLoaded } from './app/router';
import { swrFallbackFor } from './app/server-rendered-data';
import { initI18n } from './lib/i18n';
import { isServerRendered, readServerRenderedData, takeOverServerRenderedPage } from './lib/server-rendered-page';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// Everything rendered reads translations synchronously, so the first render waits for them.
await initI18n();

const root = createRoot(container);
const app = (
	<StrictMode>
		<App swrFallback={swrFallbackFor(readServerRenderedData())} />
	</StrictMode>
);

if (isServerRendered(container)) {
	// The server's drawing stays up until the app can draw the same page in one go.
	await firstPageLoaded();
	await takeOverServerRenderedPage(container, () => flushSync(() => root.render(app)));
} else {
	root.render(app);
}
