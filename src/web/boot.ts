import { DEFERRED_SCRIPTS_ID, SERVER_RENDERED_ATTRIBUTE } from '../shared/rendered-page.ts';
import { keepEarlyPresses } from './app/early-presses.ts';
import { catchInstallPrompt } from './app/install-prompt.ts';
import './styles.css';

/**
 * The browser's entry, the only script of index.html: it starts the app (main.tsx).
 *
 * A page the server rendered (data-server-rendered) can be read before any script has run, so
 * its scripts wait until the page and its pictures have loaded (`load`): on a slow phone and
 * network, 100 KB of JavaScript and the work of hydrating then come after the first screen's
 * pictures instead of competing with them (Lighthouse's largest contentful paint). Its script
 * hints travel in an inert template until then. Any other page shows only a loading screen
 * until the app runs: it starts at once (its hints are in <head> already).
 */
function startApp() {
  void import('./main.tsx');
  const deferredHints = document.getElementById(DEFERRED_SCRIPTS_ID);
  if (deferredHints instanceof HTMLTemplateElement) insertOneATask([...deferredHints.content.children]);
}

/**
 * Each fetch the browser starts costs its main thread a few milliseconds (four times that on
 * Lighthouse's slow phone): seventeen hints at once made a long task of 50–230 ms. One a task,
 * they leave the thread free in between. (Vite's own preloader does not start the app's: see
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
