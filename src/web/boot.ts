import { DEFERRED_SCRIPTS_ID, SERVER_RENDERED_ATTRIBUTE } from '../shared/rendered-page.ts';
import { keepEarlyPresses } from './app/early-presses.ts';
import { catchInstallPrompt } from './app/install-prompt.ts';
import './styles.css';

/**
 * A server-rendered page is readable before any script, so the app waits for `load`: on a slow
 * phone the JavaScript and hydration then follow the first screen's pictures instead of competing
 * with them. Other pages show only a loading screen, so the app starts at once.
 */
function startApp() {
  void import('./main.tsx');
  const deferredHints = document.getElementById(DEFERRED_SCRIPTS_ID);
  if (deferredHints instanceof HTMLTemplateElement) insertOneATask([...deferredHints.content.children]);
}

/**
 * Each fetch started costs the main thread a few milliseconds, so all hints at once make a long
 * task; one per task leaves it free between. (Vite's own preloader doesn't start these: see
 * `modulePreload` in vite.config.ts.)
 */
function insertOneATask(hints: Element[]) {
  const hint = hints.shift();
  if (!hint) return;
  document.head.append(hint);
  setTimeout(() => insertOneATask(hints));
}

const root = document.getElementById('root');
const serverRendered = root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
// Its buttons are on screen before the app: a press is kept until the app is ready (main.tsx).
if (serverRendered) keepEarlyPresses(root!);
if (serverRendered && document.readyState !== 'complete') window.addEventListener('load', startApp, { once: true });
else startApp();

catchInstallPrompt();
