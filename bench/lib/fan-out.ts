import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchCustomer } from './bench-customers.ts';
import { onLoadCore } from './cpu-pinning.ts';
import { percentile } from './customers.ts';
import { openEventStream, type EventStream } from './event-stream.ts';
import { startBareProcess, type Figures } from './measure.ts';

/**
 * An event stream's fan-out beside a bare server: BOARDS staff boards hold GET /api/orders/events
 * open; one change at a time (a staff move, POST /api/staff/orders/:id/status, through an order's
 * moves accepted → preparing → ready → completed), each sent when the last has reached every
 * board. The row is changes per second, each one a POST and its frame at every board; its latency
 * is from sending the POST to the frame's arrival at the last board. The bare server
 * (bare-fan-out.ts, its own process) holds as many streams with the shop's head and, on each POST,
 * writes the shop's frame to each and answers with the shop's answer, so the ratio is what the
 * shop's own work costs: the session check, the move's transaction, the event, reading the change
 * and serialising it once. Both take one-second turns, as takeTurns in measure.ts.
 */
export const BOARDS = 100;
const MOVES = [{ status: 'accepted', readyInMinutes: 15 }, { status: 'preparing' }, { status: 'ready' }, { status: 'completed' }] as const;

const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Target {
  /** Opens one board's stream. */
  open(): Promise<EventStream>;
  /** Sends the next change; resolves with its answer, or undefined when no change is left to make. */
  change(): Promise<Response> | undefined;
}

/** Opens the boards, measures changes one at a time for `seconds`, closes them. */
async function turns(targets: { bare: Target; shop: Target }, seconds: number): Promise<{ bare: number[]; shop: number[]; bareSeconds: number; shopSeconds: number; failures: number }> {
  const boards = {
    bare: await Promise.all(Array.from({ length: BOARDS }, () => targets.bare.open())),
    shop: await Promise.all(Array.from({ length: BOARDS }, () => targets.shop.open())),
  };
  const counts = { bare: 0, shop: 0 };
  let waiting: { side: 'bare' | 'shop'; until: number; resolve: () => void } | undefined;
  for (const side of ['bare', 'shop'] as const) {
    for (const board of boards[side]) {
      if (board.status !== 200) throw new Error(`a ${side} board was refused: ${board.status} ${board.body()}`);
      board.onFrame = () => {
        counts[side] += 1;
        if (waiting?.side === side && counts[side] >= waiting.until) waiting.resolve();
      };
    }
  }
  const times = { bare: [] as number[], shop: [] as number[] };
  const spent = { bare: 0, shop: 0 };
  let failures = 0;
  const turn = async (side: 'bare' | 'shop', record: boolean) => {
    const begun = performance.now();
    while (performance.now() - begun < 1000) {
      const sent = performance.now();
      const arrived = new Promise<void>((resolve) => {
        waiting = { side, until: counts[side] + BOARDS, resolve };
        if (counts[side] >= waiting.until) resolve();
      });
      const sending = targets[side].change();
      if (!sending) {
        waiting = undefined;
        break;
      }
      const answer = await sending;
      await answer.arrayBuffer();
      if (!answer.ok) {
        failures += 1;
        waiting = undefined;
        continue;
      }
      const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5000).unref());
      if ((await Promise.race([arrived, timeout])) === 'late') failures += 1;
      if (record) times[side].push(performance.now() - sent);
    }
    if (record) spent[side] += (performance.now() - begun) / 1000;
  };
  try {
    await onLoadCore(async () => {
      await turn('bare', false);
      await turn('shop', false);
      for (let cycle = 0; cycle < Math.max(1, Math.ceil(seconds / 2)); cycle++) {
        await turn('bare', true);
        await turn('shop', true);
        await turn('shop', true);
        await turn('bare', true);
      }
    });
  } finally {
    for (const board of [...boards.bare, ...boards.shop]) board.close();
  }
  return { ...times, bareSeconds: spent.bare, shopSeconds: spent.shop, failures };
}

/** The bare fan-out server, answering with what the shop sent. */
async function startBareFanOut(recorded: { streamHeaders: [string, string][]; opening: string; frame: string; answer: { status: number; headers: [string, string][]; body: Buffer } }) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bare-fan-out-')), 'recorded.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      streamHeaders: recorded.streamHeaders,
      opening: recorded.opening,
      frame: Buffer.from(recorded.frame).toString('base64'),
      answer: { ...recorded.answer, body: recorded.answer.body.toString('base64') },
    }),
  );
  return startBareProcess(fileURLToPath(new URL('./bare-fan-out.ts', import.meta.url)), file, 'the bare fan-out server');
}

/** The head of the shop's stream as sent, in order, without what node adds per connection. */
function streamHead(url: string, headers: Record<string, string>): Promise<[string, string][]> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (response) => {
      const kept: [string, string][] = [];
      for (let i = 0; i < response.rawHeaders.length; i += 2) if (!PER_CONNECTION.has(response.rawHeaders[i]!.toLowerCase())) kept.push([response.rawHeaders[i]!, response.rawHeaders[i + 1]!]);
      request.destroy();
      resolve(kept);
    });
    request.on('error', reject);
  });
}

/**
 * The row: `orderIds` are placed pickup orders enough for every change of the run (four moves
 * each); `staff` may move them and read every order's stream.
 */
export async function fanOutRows(shopUrl: string, staff: BenchCustomer, orderIds: string[], seconds: number): Promise<(Figures & { ratio?: number })[]> {
  const moves = orderIds.flatMap((id) => MOVES.map((move) => ({ id, move })));
  // Move by move through the orders: each order's moves in their order, the orders interleaved.
  moves.sort((a, b) => MOVES.indexOf(a.move) - MOVES.indexOf(b.move));
  let next = 0;
  // Out of orders, the shop's last turns end at once: its rate is over the time it had.
  const move = () => {
    if (next >= moves.length) return undefined;
    const { id, move: body } = moves[next++]!;
    return fetch(`${shopUrl}/api/staff/orders/${id}/status`, {
      method: 'POST',
      headers: { ...staff.headers, 'content-type': 'application/json', origin: shopUrl },
      body: JSON.stringify(body),
    });
  };

  // What the bare server sends: the shop's stream head, one of its frames, its answer to a move.
  const probe = await openEventStream(`${shopUrl}/api/orders/events`, staff.headers);
  const moved = await move()!;
  const answer = { status: moved.status, headers: [] as [string, string][], body: Buffer.from(await moved.arrayBuffer()) };
  moved.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name) && name !== 'set-cookie') answer.headers.push([name, value]);
  });
  const last = await probe.waitFor(() => true);
  probe.close();
  const frame = `id: ${last.id}\nevent: ${last.event}\ndata: ${last.data}\n\n`;
  const opening = probe.retry === undefined ? '' : `retry: ${probe.retry}\n\n`;
  const bare = await startBareFanOut({ streamHeaders: await streamHead(`${shopUrl}/api/orders/events`, staff.headers), opening, frame, answer });
  try {
    const result = await turns(
      {
        shop: { open: () => openEventStream(`${shopUrl}/api/orders/events`, staff.headers), change: move },
        bare: {
          open: () => openEventStream(`${bare.url}/events`),
          change: () => fetch(`${bare.url}/change`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MOVES[1]) }),
        },
      },
      seconds,
    );
    const name = `order stream fan-out: a staff move to ${BOARDS} boards, one at a time`;
    const bareRate = result.bare.length / result.bareSeconds;
    const shopRate = result.shop.length / result.shopSeconds;
    return [
      { name, requestsPerSecond: shopRate, p50: round(percentile(result.shop, 50)), p99: round(percentile(result.shop, 99)), errors: result.failures, non2xx: 0, ratio: shopRate / bareRate },
      { name: `${name} (bare node:http)`, requestsPerSecond: bareRate, p50: round(percentile(result.bare, 50)), p99: round(percentile(result.bare, 99)), errors: 0, non2xx: 0 },
    ];
  } finally {
    await bare.close();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** How many placed orders a fan-out of `seconds` needs at most (four moves each, and a margin). */
export function ordersForFanOut(seconds: number): number {
  // Only the shop's turns use orders: at most 500 moves a second are planned for (more would make
  // the bench place thousands of orders first); a faster shop ends its last turns early.
  return Math.ceil(((seconds + 2) * 500) / MOVES.length);
}
