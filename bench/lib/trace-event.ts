/** One event of a Chromium trace (the Trace Event Format), as bench/profile-page.ts and bench/long-tasks.ts read them. */
export interface TraceEvent {
  name: string;
  /** 'X' a complete event with its duration, 'M' metadata (thread names), and others. */
  ph: string;
  /** Start, µs. */
  ts: number;
  /** Length, µs ('X' events). */
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
}
