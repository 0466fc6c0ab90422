/**
 * The browser's offer to install the shop as an app (`beforeinstallprompt`, Chromium browsers).
 * Caught as soon as the page's entry runs (boot.ts), before React, because the browser may offer
 * it early; the shop shows its own quiet offer later instead (InstallOffer), once.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();

export function catchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    offer = undefined;
    for (const listener of listeners) listener();
  });
}

export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function canInstall(): boolean {
  return offer !== undefined;
}

/** Shows the browser's own install dialog; the browser allows it once per offer. */
export async function promptInstall(): Promise<void> {
  const current = offer;
  offer = undefined;
  for (const listener of listeners) listener();
  if (!current) return;
  await current.prompt();
  await current.userChoice;
}
