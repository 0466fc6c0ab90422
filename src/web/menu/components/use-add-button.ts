import type { MenuItem } from '../../../shared/menu.ts';
import { NEEDS_CONNECTION } from '../../lib/offline.ts';
import { useOnline } from '../../ui/use-online.ts';

/**
 * Whether a dish's add button works, and why not: a sold-out dish cannot be added (its button
 * says "Sold out"), and nothing can be added without a connection (the button says why).
 */
export function useAddButton(item: MenuItem | undefined): { disabled: boolean; reason: string | undefined } {
  const online = useOnline();
  if (!item || item.soldOut) return { disabled: true, reason: undefined };
  return online ? { disabled: false, reason: undefined } : { disabled: true, reason: NEEDS_CONNECTION };
}
