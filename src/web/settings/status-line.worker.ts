/**
 * Off the main thread because a page's first Intl.DateTimeFormat loads zone data: a long task
 * on a slow phone, on every public page (open-now-line.tsx).
 */
import { statusLine, type OpeningRules } from '../../shared/opening-hours.ts';

export interface StatusLineQuestion {
  rules: OpeningRules;
  now: number;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<StatusLineQuestion>) => void) | null; postMessage(line: string): void };

scope.onmessage = ({ data }) => scope.postMessage(statusLine(data.rules, new Date(data.now)));
