import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { RenderedMail } from './render-mail.ts';

export interface OutgoingMail extends RenderedMail {
  /** The queue row's id: the Message-ID is made from it, so a mail sent again is known as the same one. */
  id: string;
  to: string;
}

/** Where mails go: the SMTP server of SMTP_URL, or .eml files in DATA_DIR/outbox/. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

interface Logger {
  info(obj: unknown, msg: string): void;
}

export function createMailTransport(config: Config, log: Logger): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : outboxTransport(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
}

function message(mail: OutgoingMail, from: string, host: string) {
  return { from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: `<${mail.id}@${host}>` };
}

function smtpTransport(url: string, from: string): MailTransport {
  // Short timeouts: a mail server that hangs costs one attempt, retried later, not a stuck queue.
  const transport = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never);
  const host = new URL(url).hostname || 'localhost';
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail(message(mail, from, host));
    },
    close: () => transport.close(),
  };
}

/**
 * A developer's shop needs no mail server: each mail becomes an .eml file (any mail program opens
 * it) and the log names its subject and links, so every link can be followed from the terminal.
 */
function outboxTransport(dir: string, from: string, log: Logger): MailTransport {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    send: async (mail) => {
      const info = await transport.sendMail(message(mail, from, 'localhost'));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, file, links: linksOf(mail.text) }, `mail written to the outbox: ${mail.subject}\n${linksOf(mail.text).map((l) => `  ${l}`).join('\n')}`);
    },
    close: () => transport.close(),
  };
}

/** The addresses a mail's text points to, once each. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>\]"')]+/g) ?? [])];
}
