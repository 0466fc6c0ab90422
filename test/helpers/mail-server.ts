import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

/**
 * A real SMTP server for the test, on the loopback: the shop sends to it through nodemailer
 * exactly as to a provider's, and every mail it takes is read back with mailparser. It can be
 * stopped and started again on the same port, to play a mail server that is down for a while.
 */
export interface MailServer {
  url: string;
  received: ParsedMail[];
  /** The mails to an address (latest last). */
  to(address: string): ParsedMail[];
  /** Waits until `count` mails to the address have arrived; answers the latest. */
  waitFor(address: string, count?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const received: ParsedMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  let server = make();
  let port = 0;
  let running = false;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as AddressInfo).port;
        running = true;
        resolve();
      });
    });
  await listen();
  const close = async () => {
    if (!running) return;
    running = false;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const to = (address: string) => received.filter((mail) => addressesOf(mail).includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    async waitFor(address, count = 1) {
      await expect.poll(() => to(address).length, { timeout: 10_000, message: `mail to ${address}` }).toBeGreaterThanOrEqual(count);
      return to(address).at(-1)!;
    },
    stop: close,
    async start() {
      if (running) return;
      server = make();
      await listen();
    },
    close,
  };
}

function addressesOf(mail: ParsedMail): string[] {
  const to = [mail.to ?? []].flat();
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** The first link of a mail's text whose path is `path`, with its query. */
export function linkIn(mail: ParsedMail, path: string): URL {
  const links = (mail.text ?? '').match(/https?:\/\/[^\s<>\]"')]+/g) ?? [];
  const link = links.map((l) => new URL(l)).find((url) => url.pathname === path);
  if (!link) throw new Error(`no link to ${path} in:\n${mail.text}`);
  return link;
}

/** The env that points the shop at the test's mail server, with quick retries. */
export function mailEnv(server: MailServer, extra: Record<string, string> = {}): Record<string, string> {
  return { MAIL_DISABLED: 'false', SMTP_URL: server.url, PUBLIC_URL: 'http://shop.example.test', MAIL_FROM: 'Raw Roots <shop@example.test>', MAIL_POLL_MS: '50', MAIL_RETRY_MS: '50', ...extra };
}
