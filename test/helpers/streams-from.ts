import http from 'node:http';
import { openEventStream, type EventStream } from '../../bench/lib/event-stream.ts';

/**
 * Event streams opened from a chosen local address: another address of 127.0.0.0/8 stands for
 * another client. `closeAll` ends every stream opened so far (between tests, and after the file).
 */
export function streamsFrom() {
  const opened: EventStream[] = [];
  return {
    async open(url: string, from: string, headers: Record<string, string> = {}): Promise<EventStream> {
      const stream = await openEventStream(url, headers, { localAddress: from });
      opened.push(stream);
      return stream;
    },
    closeAll(): void {
      for (const stream of opened.splice(0)) stream.close();
    },
  };
}

/** The status of GET /healthz asked from a chosen local address, on a connection of its own. */
export function healthzFrom(base: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/healthz`, { localAddress: from, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}
