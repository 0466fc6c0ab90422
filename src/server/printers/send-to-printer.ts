import net from 'node:net';

/** DLE EOT 1: the real-time printer status request, which an ESC/POS printer answers with one byte. */
const STATUS_REQUEST = Uint8Array.of(0x10, 0x04, 0x01);

/**
 * Sends a ticket to a network receipt printer (raw TCP, "port 9100") and waits for a sign of life:
 * its answer to the status request sent after the ticket, or its closing the connection once it
 * has read everything. Bytes merely accepted by the kernel prove nothing (a hung printer takes a
 * buffer's worth), so a refusal, a reset or neither sign within `timeoutMs` is a failure.
 */
export function sendToPrinter(host: string, port: number, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    socket.once('error', (error: NodeJS.ErrnoException) => finish(new Error(describe(error))));
    socket.once('connect', () => {
      socket.write(bytes);
      socket.end(STATUS_REQUEST);
    });
    socket.once('data', () => finish());
    socket.once('end', () => finish());
  });
}

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNREFUSED') return 'connection refused';
  if (error.code === 'EHOSTUNREACH' || error.code === 'ENETUNREACH') return 'host unreachable';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'host name not found';
  if (error.code === 'ECONNRESET') return 'connection reset';
  return error.code ?? error.message;
}
