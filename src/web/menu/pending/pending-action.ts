import type { MenuItem } from '../../../shared/menu.ts';

/**
 * Kept in this tab's sessionStorage through sign-in. Only the dish's id and name: the server
 * prices it as any other add, so an edited entry can buy nothing cheaper.
 */
export interface PendingAction {
  kind: 'cart' | 'favourite';
  itemId: string;
  /** For the message only ("Green Bowl was added to your cart"). */
  name: string;
  /** When it was asked for (ms): an old wish is dropped rather than surprising the customer. */
  at: number;
}

const STORAGE_KEY = 'raw-roots-pending-action';
/** Long enough to sign up and confirm, short enough that a forgotten wish does not come back. */
const MAX_AGE_MS = 30 * 60_000;

export function rememberPendingAction(kind: PendingAction['kind'], item: Pick<MenuItem, '_id' | 'name'>): void {
  const action: PendingAction = { kind, itemId: item._id, name: item.name, at: Date.now() };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(action));
  } catch {
    // Storage refused (private mode, full): the visitor logs in and takes the dish again.
  }
}

/** The pending action, removed as it is read, so that it runs once even if two parts ask. */
export function takePendingAction(): PendingAction | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PendingAction>;
    const valid =
      (value.kind === 'cart' || value.kind === 'favourite') &&
      typeof value.itemId === 'string' &&
      typeof value.name === 'string' &&
      typeof value.at === 'number' &&
      Date.now() - value.at < MAX_AGE_MS;
    return valid ? (value as PendingAction) : null;
  } catch {
    return null;
  }
}
