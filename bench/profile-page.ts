/**
 * `node bench/profile-page.ts [route…]`: where a public page's main-thread time goes while it
 * loads, on the machine at hand. Debian's Chromium with Lighthouse's 4× CPU slowdown loads each
 * route of the production shop (demo menu), records the long tasks (over 50 ms: what Total
 * Blocking Time counts) and a CPU profile, and prints the long tasks and the functions with the
 * most time of their own, by script. PROFILE_DIR=<dir> keeps each page's `.cpuprofile` (open it in
 * Chromium's DevTools, Performance panel) there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { startShop } from './lib/shop-process.ts';
import { BENCH_RATE_LIMITS } from './lib/bench-customers.ts';
import type { TraceEvent } from './lib/trace-event.ts';

const ROUTES = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/items', '/order/offered', '/order'];
const SLOWDOWN = Number(process.env.PROFILE_SLOWDOWN ?? 4);
const PROFILE_DIR = process.env.PROFILE_DIR;

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const sourceMaps = new Map<string, SourceMapConsumer | null>();

/** The built script's source map (dist/web/assets/*.js.map), to name a function by its source file. */
function sourceMapOf(script: string): SourceMapConsumer | null {
  if (!sourceMaps.has(script)) {
    const file = path.join('dist/web/assets', `${script}.map`);
    sourceMaps.set(script, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null);
  }
  return sourceMaps.get(script)!;
}

/** `function source:line`, from the source map when the script has one. */
function nameOf({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']): string {
  const script = url ? path.basename(new URL(url, 'http://x').pathname) : '';
  if (!script) return functionName || '(anonymous)';
  const original = sourceMapOf(script)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (original?.source) {
    const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return `${original.name ?? functionName ?? '(anonymous)'} ${source}:${original.line}`;
  }
  return `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`;
}

/** Each sample taken within [from, to] (µs, the trace's clock): the node it landed in and its time in ms. */
function forEachSample(profile: CpuProfile, from: number, to: number, visit: (nodeId: number, ms: number) => void): void {
  let time = profile.startTime;
  profile.samples.forEach((nodeId, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time >= from && time <= to) visit(nodeId, delta / 1000);
  });
}

/** Time of its own (ms) by function and source, biggest first; within [from, to] when given. */
function selfTimes(profile: CpuProfile, from = -Infinity, to = Infinity): [string, number][] {
  const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  forEachSample(profile, from, to, (nodeId, ms) => {
    const key = nameOf(nodesById.get(nodeId)!.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + ms);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/**
 * Time with callees (ms) of the app's own functions (sources under src/), biggest first, within
 * [from, to]: which component's drawing a task spent its time in.
 */
function appTotals(profile: CpuProfile, from: number, to: number): [string, number][] {
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  forEachSample(profile, from, to, (nodeId, ms) => {
    const seen = new Set<string>();
    for (let id: number | undefined = nodeId; id !== undefined; id = parents.get(id)) {
      const name = nameOf(nodesById.get(id)!.callFrame);
      if (!name.includes(' src/') || seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + ms);
    }
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/**
 * The renderer's main-thread tasks over 50 ms, each split into the work directly inside it
 * (script evaluated or called, by script; HTML parsed; style; layout; paint; garbage collection),
 * the functions that took its time, and the app's own functions by time with callees.
 */
function describeLongTasks(events: TraceEvent[], profile: CpuProfile): string {
  // Every renderer's main thread: the page's document may come in another process than the blank one.
  const mainThreads = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const onMain = events.filter((event) => mainThreads.has(`${event.pid}:${event.tid}`) && event.ph === 'X' && event.dur);
  const tasks = onMain.filter((event) => (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && event.dur! > 50_000);
  const lines: string[] = [];
  for (const task of tasks) {
    const inside = onMain.filter((event) => event !== task && event.tid === task.tid && event.pid === task.pid && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!);
    // Only the outermost events inside the task: their time is not counted twice.
    const outermost = inside.filter((event) => !inside.some((other) => other !== event && other.ts <= event.ts && other.ts + other.dur! >= event.ts + event.dur! && other.dur! > event.dur!));
    const byKind = new Map<string, number>();
    for (const event of outermost) {
      const url = event.args?.data?.url;
      const kind = url ? `${event.name} ${path.basename(url.split('?')[0]!)}` : event.name;
      byKind.set(kind, (byKind.get(kind) ?? 0) + event.dur! / 1000);
    }
    const parts = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`);
    lines.push(`- task of ${(task.dur! / 1000).toFixed(0)} ms: ${parts.join(', ')}`);
    const functions = selfTimes(profile, task.ts, task.ts + task.dur!).filter(([name]) => name !== '(idle)').slice(0, Number(process.env.PROFILE_TOP ?? 5));
    lines.push(`  its own time: ${functions.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`);
    const app = appTotals(profile, task.ts, task.ts + task.dur!).slice(0, 8);
    if (app.length > 0) lines.push(`  in the app's functions: ${app.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`);
  }
  return lines.join('\n');
}

const shop = await startShop({ env: BENCH_RATE_LIMITS });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const route of ROUTES) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
      }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
    await page.goto(`${shop.url}${route}`, { waitUntil: 'load' });
    await page.waitForSelector('#root[data-app-ready]', { timeout: 60_000 });
    await page.waitForTimeout(3000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks);
    const blocking = longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    console.log(`\n## ${route} (CPU ×${SLOWDOWN}): ${longTasks.length} long tasks, ${blocking} ms over 50 ms`);
    for (const task of longTasks) console.log(`- at ${task.start} ms: ${task.duration} ms`);
    console.log('\n' + describeLongTasks(trace.traceEvents, profile));
    console.log('\n| ms of its own | function script:line |\n|---:|---|');
    for (const [key, ms] of selfTimes(profile).slice(0, 25)) console.log(`| ${ms.toFixed(1)} | ${key} |`);
    if (PROFILE_DIR) {
      fs.mkdirSync(PROFILE_DIR, { recursive: true });
      fs.writeFileSync(path.join(PROFILE_DIR, `${route.replaceAll('/', '_') || '_'}.cpuprofile`), JSON.stringify(profile));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
