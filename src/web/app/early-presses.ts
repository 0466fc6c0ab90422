/**
 * Server-drawn buttons show before React has a root (boot.ts waits for `load`), and React replays
 * only events reaching a root, so a press would be lost. Kept presses are replayed once the app is
 * ready, each button once, in order, if still present and enabled; links work without the app.
 */
const kept: HTMLButtonElement[] = [];
const WAITING = 'data-kept-press';
let root: HTMLElement | undefined;

function keep(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || !root?.contains(button) || button.disabled) return;
  // Nothing but the app may answer it: not the browser (a form's submission), nor a part already
  // hydrated, which would answer it now and again when it is made again.
  event.preventDefault();
  event.stopPropagation();
  if (button.hasAttribute(WAITING)) return;
  kept.push(button);
  button.setAttribute(WAITING, '');
}

/** Keeps the presses of the buttons in `appRoot` from now until `pressKeptButtons`. */
export function keepEarlyPresses(appRoot: HTMLElement): void {
  root = appRoot;
  document.addEventListener('click', keep, true);
}

/** The app is ready: its buttons answer from now on, and the kept presses are made again. */
export function pressKeptButtons(): void {
  document.removeEventListener('click', keep, true);
  for (const button of kept.splice(0)) {
    button.removeAttribute(WAITING);
    if (button.isConnected && !button.disabled) button.click();
  }
}
