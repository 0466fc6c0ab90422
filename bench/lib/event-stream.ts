import http from 'node:http';

/**
 * A Server-Sent Events reader over a plain HTTP connection, as a browser's EventSource reads a
 * stream (fields id, event, data, retry; comment lines; a blank line ends a frame), for the
 * tests and the bench of GET /api/orders/events. Each frame is stamped with the time it arrived.
 */
export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
  /** performance.now() when its last line arrived. */
  at: number;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every frame with data, in order. */
  frames: SseFrame[];
  /** Comment lines (heartbeats), without the colon. */
  comments: string[];
  /** The `retry:` hint, once given. */
  retry?: number;
  /** Resolves when a frame (past or coming) matches; rejects after the timeout or when the stream ends first. */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Called for each frame as it arrives (after it is added to `frames`). */
  onFrame?: (frame: SseFrame) => void;
  /** Resolves when the server ends the stream or the connection drops. */
  ended: Promise<void>;
  /** The whole body, for a refused stream (status ≠ 200). */
  body(): string;
  close(): void;
}

/** `localAddress`: the client's own address (another of 127.0.0.0/8 looks like another client to the shop). */
export function openEventStream(url: string, headers: Record<string, string> = {}, options: { localAddress?: string } = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false, localAddress: options.localAddress }, (response) => {
      response.setEncoding('utf8');
      let raw = '';
      let pending = '';
      let frame: Partial<SseFrame> & { dataLines: string[] } = { dataLines: [] };
      const waiters = new Set<{ match: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void; reject: (e: Error) => void }>();
      let endedResolve!: () => void;
      const ended = new Promise<void>((done) => (endedResolve = done));

      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        frames: [],
        comments: [],
        waitFor(match, timeoutMs = 5000) {
          const found = stream.frames.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((res, rej) => {
            const waiter = {
              match,
              resolve: (f: SseFrame) => {
                clearTimeout(timer);
                res(f);
              },
              reject: (e: Error) => {
                clearTimeout(timer);
                rej(e);
              },
            };
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              rej(new Error(`no matching frame within ${timeoutMs} ms (${stream.frames.length} frames)`));
            }, timeoutMs);
            waiters.add(waiter);
          });
        },
        ended,
        body: () => raw,
        close: () => {
          request.destroy();
        },
      };

      const dispatch = () => {
        if (frame.dataLines.length === 0) {
          frame = { dataLines: [] };
          return;
        }
        const done: SseFrame = { data: frame.dataLines.join('\n'), at: performance.now() };
        if (frame.id !== undefined) done.id = frame.id;
        if (frame.event !== undefined) done.event = frame.event;
        frame = { dataLines: [] };
        stream.frames.push(done);
        stream.onFrame?.(done);
        for (const waiter of waiters) {
          if (waiter.match(done)) {
            waiters.delete(waiter);
            waiter.resolve(done);
          }
        }
      };

      response.on('data', (chunk: string) => {
        if (response.statusCode !== 200) {
          raw += chunk;
          return;
        }
        pending += chunk;
        let newline: number;
        while ((newline = pending.search(/\r\n|\n|\r/)) !== -1) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + (pending.startsWith('\r\n', newline) ? 2 : 1));
          if (line === '') dispatch();
          else if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'data') frame.dataLines.push(value);
            else if (field === 'id') frame.id = value;
            else if (field === 'event') frame.event = value;
            else if (field === 'retry') stream.retry = Number(value);
          }
        }
      });
      const finish = () => {
        for (const waiter of waiters) waiter.reject(new Error('the stream ended'));
        waiters.clear();
        endedResolve();
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      resolve(stream);
    });
    request.on('error', reject);
    request.end();
  });
}
