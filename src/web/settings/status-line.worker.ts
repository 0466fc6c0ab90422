/**
 * Off the main thread because a page's first Intl.DateTimeFormat loads zone data: a long task
 * on a slow phone, on every public page (open-now-line.tsx). It answers the line's facts, the
 * weekdays named in the reader's language; the page words them (status-words.ts).
 */
import { shopStatus, type ShopStatus, type SlotRules } from '../../shared/order-slots.ts';

export interface StatusLineQuestion {
  rules: SlotRules;
  now: number;
  /** The reader's language, for the weekdays' names ("Friday", "Freitag"). */
  language: string;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<StatusLineQuestion>) => void) | null; postMessage(status: ShopStatus): void };

scope.onmessage = ({ data }) => {
  const weekday = new Intl.DateTimeFormat(data.language, { weekday: 'long', timeZone: data.rules.timeZone });
  scope.postMessage(shopStatus(data.rules, new Date(data.now), (at) => weekday.format(at)));
};
