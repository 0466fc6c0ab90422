/**
 * A page the server drew shows its buttons before React has a root: its scripts wait for the
 * page's pictures (boot.ts), and React replays only the events that reach a root it has made. On
 * a slow phone that is a second or more in which 'Take on table' or the heart would do nothing.
 * Such a press is kept instead (the browser does nothing with it, a form is not sent) and made
 * again once the app is ready: each pressed button once, in the order pressed, if it is still on
 * the page and enabled. A link is left alone: it works as a plain link before the app runs. A
 * kept button shows that it waits (`data-kept-press`, styles.css) until then.
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
