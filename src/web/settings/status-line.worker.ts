/**
 * Works out the open-now line off the page's main thread (open-now-line.tsx). The restaurant's
 * clock reads the time in its zone through Intl, and a page's first Intl.DateTimeFormat costs
 * 20 to 30 ms of loading on this kind of machine, a long task on a slow phone, on every public page.
 */
import { statusLine, type OpeningRules } from '../../shared/opening-hours.ts';

export interface StatusLineQuestion {
  rules: OpeningRules;
  now: number;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<StatusLineQuestion>) => void) | null; postMessage(line: string): void };

scope.onmessage = ({ data }) => scope.postMessage(statusLine(data.rules, new Date(data.now)));
