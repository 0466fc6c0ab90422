/**
 * The bare node:http baseline as its own process (started by startBareServer in measure.ts): it
 * answers every request with the status, headers and body of the file named on its command line
 * (JSON: headers as [name, value] pairs in the shop's order, content-length included; body in
 * base64) and prints its port. Its own process, like the shop's, so that neither
 * shares a CPU with autocannon's event loop and the ratio compares like with like.
 */
import fs from 'node:fs';
import http from 'node:http';

const answer = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { status: number; headers: [string, string][]; body: string };
const body = Buffer.from(answer.body, 'base64');
// writeHead takes names and values in one flat list.
const headers = answer.headers.flat();
const server = http.createServer((request, response) => {
  request.resume();
  response.writeHead(answer.status, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
