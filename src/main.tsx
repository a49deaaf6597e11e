import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n.ts';
import { App } from './app/App.tsx';
import { watchInstallPrompt } from './app/pwa/install.ts';
import './ui/styles.css';

// Before the first render: Chromium may announce installability at once.
watchInstallPrompt();
// The language comes from the URL before the first render, so the first paint is already translated;
// only that language's chunk is fetched for it (app/i18n.ts).
await initI18n(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
