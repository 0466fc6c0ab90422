/**
 * `node bench/long-tasks.ts <report-dir>/<page>-run<N>.trace.json…`: what filled each long task of
 * a Lighthouse run. `npm run bench:web` with BENCH_REPORT_DIR keeps each run's trace, recorded
 * without slowdown; Lighthouse's simulation multiplies its main-thread tasks by four, so a task
 * counts as long here from 12.5 ms (50 ms on the simulated phone). For each, its start (ms from
 * the navigation), its simulated length and the browser's work inside it by kind, each with its
 * own time (what is not in a nested event), and the scripts whose calls it ran.
 */
import fs from 'node:fs';
import type { TraceEvent } from './lib/trace-event.ts';

const SLOWDOWN = 4;
const LONG_MS = 50 / SLOWDOWN;

/** The page's main thread: the renderer's main thread with the most task time. */
function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number } {
  const names = new Map<string, string>();
  for (const event of events) if (event.name === 'thread_name') names.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const busy = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.name === 'RunTask' && names.get(key) === 'CrRendererMain') busy.set(key, (busy.get(key) ?? 0) + (event.dur ?? 0));
  }
  const [key] = [...busy].sort((a, b) => b[1] - a[1])[0]!;
  const [pid, tid] = key.split(':').map(Number);
  return { pid: pid!, tid: tid! };
}

function kindOf(event: TraceEvent): string {
  if (event.name === 'RunTask') return '(the task itself)';
  const url = event.args?.data?.url;
  const script = url ? ` ${url.replace(/^https?:\/\/[^/]+/, '')}` : '';
  if (event.name === 'EventDispatch') return `EventDispatch ${event.args?.data?.type ?? ''}`;
  if (event.name === 'FunctionCall' || event.name === 'EvaluateScript' || event.name === 'v8.compileModule' || event.name === 'v8.evaluateModule') {
    return `${event.name}${script}`;
  }
  return event.name;
}

function describe(file: string): void {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const { pid, tid } = mainThreadOf(events);
  const own = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === pid)?.ts ?? own[0]!.ts;
  console.log(`## ${file}`);
  for (const task of own.filter((event) => event.name === 'RunTask' && event.dur! / 1000 >= LONG_MS)) {
    const end = task.ts + task.dur!;
    const inside = own.filter((event) => event.ts >= task.ts && event.ts + event.dur! <= end);
    // Own time per kind: an event's length less that of the events directly inside it (the task first).
    const selfByKind = new Map<string, number>();
    const stack: TraceEvent[] = [];
    for (const event of inside) {
      while (stack.length > 0 && event.ts >= stack.at(-1)!.ts + stack.at(-1)!.dur!) stack.pop();
      const parent = stack.at(-1);
      selfByKind.set(kindOf(event), (selfByKind.get(kindOf(event)) ?? 0) + event.dur!);
      if (parent) selfByKind.set(kindOf(parent), (selfByKind.get(kindOf(parent)) ?? 0) - event.dur!);
      stack.push(event);
    }
    const parts = [...selfByKind]
      .filter(([, us]) => us * SLOWDOWN >= 2000)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, us]) => `${kind} ${Math.round((us * SLOWDOWN) / 1000)}`);
    console.log(`- at ${Math.round((task.ts - navigation) / 1000)} ms, ${Math.round((task.dur! * SLOWDOWN) / 1000)} ms simulated: ${parts.join(', ')}`);
  }
}

for (const file of process.argv.slice(2)) describe(file);
