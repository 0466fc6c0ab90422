/**
 * The bare baseline of an event stream's fan-out, as its own process (started by startBareFanOut
 * in fan-out.ts): node:http holding every `GET` as a Server-Sent Events stream with the shop's
 * head, and on each `POST` writing the shop's frame to every open stream, then answering the POST
 * with the shop's answer to a staff move. The file named on its command line holds the stream's
 * head and the frame as the shop sent them, and the POST's answer (JSON, bodies in base64). Prints
 * its port.
 */
import fs from 'node:fs';
import http from 'node:http';

interface Recorded {
  streamHeaders: [string, string][];
  /** What the shop writes first on a new stream (its `retry:` line). */
  opening: string;
  frame: string;
  answer: { status: number; headers: [string, string][]; body: string };
}

const recorded = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Recorded;
const streamHeaders = recorded.streamHeaders.flat();
const frame = Buffer.from(recorded.frame, 'base64');
const answerHeaders = recorded.answer.headers.flat();
const answerBody = Buffer.from(recorded.answer.body, 'base64');
const streams = new Set<http.ServerResponse>();

const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, streamHeaders);
    response.flushHeaders();
    if (recorded.opening) response.write(recorded.opening);
    request.socket.setTimeout(0);
    streams.add(response);
    response.on('close', () => streams.delete(response));
    return;
  }
  // The body is read whole first, as the shop reads a move's JSON before it acts on it.
  request.resume();
  request.on('end', () => {
    for (const stream of streams) stream.write(frame);
    response.writeHead(recorded.answer.status, answerHeaders);
    response.end(answerBody);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
