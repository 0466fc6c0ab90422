/**
 * Off the main thread because a page's first Intl.DateTimeFormat loads zone data: a long task
 * on a slow phone, on every public page (open-now-line.tsx).
 */
import { shopStatusLine, type SlotRules } from '../../shared/order-slots.ts';

export interface StatusLineQuestion {
  rules: SlotRules;
  now: number;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<StatusLineQuestion>) => void) | null; postMessage(line: string): void };

scope.onmessage = ({ data }) => scope.postMessage(shopStatusLine(data.rules, new Date(data.now)));
