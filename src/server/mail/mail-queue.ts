import { newRowId } from '../db/row-ids.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { OneLookAtATime } from '../events/one-look-at-a-time.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import type { Mail, MailTemplate } from './mail-kinds.ts';
import { isMailTemplate } from './mail-kinds.ts';
import {
  claimDueMails,
  deleteSentBefore,
  findUserLanguage,
  insertMailOnce,
  markAttemptFailed,
  markSent,
  releaseStaleClaims,
  type MailRow,
} from './mail-repository.ts';
import type { MailTransport } from './mail-transport.ts';
import type { RenderedMail } from './render-mail.ts';

/** A mail whose sender has not said how it went after this long is claimed again (its process died). */
const STALE_CLAIM_MS = 5 * 60_000;
/** Each attempt waits twice as long as the one before, up to an hour; after this many, the mail is given up. */
const MAX_ATTEMPTS = 20;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** Sent mails are removed after a week: long enough to answer "did you send it?", not longer. */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const BATCH = 10;

interface Logger {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface QueuedMail<T extends MailTemplate = MailTemplate> {
  /** Why the mail exists, unique: the same reason queues it once (an order event's id, a reset token). */
  key: string;
  userId: string | null;
  to: string;
  mail: Extract<Mail, { template: T }>;
  /** Written in this language; by default the account's (`userId`), else English. */
  language?: Language;
}

/**
 * Durable mail queue (decision 0020): requests only write a row, so none waits for the mail
 * server. Each row is claimed by one process before sending (claimDueMails), so two processes
 * never send one mail twice.
 */
export class MailQueue {
  private readonly db: Kysely<Database>;
  private readonly transport: MailTransport | undefined;
  private readonly log: Logger;
  private readonly retryMs: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly looks = new OneLookAtATime(() => this.work());
  private closed = false;
  private renderer: Promise<(mail: Mail, language: Language) => Promise<RenderedMail>> | undefined;

  constructor(options: { db: Kysely<Database>; transport: MailTransport | undefined; log: Logger; retryMs: number; pollMs: number }) {
    this.db = options.db;
    this.transport = options.transport;
    this.log = options.log;
    this.retryMs = options.retryMs;
    this.pollMs = options.pollMs;
  }

  /** False when the shop runs with MAIL_DISABLED: nothing is queued or sent. */
  get enabled(): boolean {
    return this.transport !== undefined;
  }

  /** False when a mail with its key was queued before, or mail is off. */
  async enqueue(queued: QueuedMail, db: Kysely<Database> | Transaction<Database> = this.db): Promise<boolean> {
    if (!this.transport) return false;
    const now = new Date().toISOString();
    const language = queued.language ?? (queued.userId ? await findUserLanguage(db, queued.userId) : null) ?? SOURCE_LANGUAGE;
    const inserted = await insertMailOnce(db, {
      id: newRowId(),
      dedupe_key: queued.key,
      user_id: queued.userId,
      to_address: queued.to,
      template: queued.mail.template,
      data: JSON.stringify(queued.mail.data),
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      claimed_at: null,
      last_error: null,
      created_at: now,
      sent_at: null,
      language,
    });
    // Inside a transaction the row is not visible yet: the worker's next look finds it.
    if (inserted && db === this.db) this.wake();
    return inserted;
  }

  /** Starts the worker: a look at the queue now and every MAIL_POLL_MS. */
  start(): void {
    if (!this.transport || this.closed) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks at the queue soon; looks once more after the current look if one is running. */
  wake(): void {
    if (this.closed || !this.transport) return;
    this.looks.wake();
  }

  /** Waits for the mails that are due now to be sent or put back (tests, and a graceful close). */
  async idle(): Promise<void> {
    while (this.looks.current) await this.looks.current;
  }

  /** Stops looking; a mail being sent finishes first, so it is marked sent and never sent again. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.idle();
    this.transport?.close();
  }

  private async work(): Promise<void> {
    try {
      const now = Date.now();
      await releaseStaleClaims(this.db, new Date(now - STALE_CLAIM_MS).toISOString(), new Date(now).toISOString());
      for (;;) {
        const claimed = await claimDueMails(this.db, new Date().toISOString(), BATCH);
        for (const row of claimed) await this.send(row);
        if (claimed.length < BATCH || this.closed) break;
      }
      if (Math.random() < 0.05) await deleteSentBefore(this.db, new Date(now - KEEP_SENT_MS).toISOString());
    } catch (error) {
      // The database was unreachable, say: the next look tries again.
      this.log.warn({ err: error }, 'mail queue: look at the queue failed');
    }
  }

  private async send(row: MailRow): Promise<void> {
    try {
      if (!isMailTemplate(row.template)) throw new Error(`unknown mail template ${row.template}`);
      const render = await this.loadRenderer();
      const rendered = await render({ template: row.template, data: JSON.parse(row.data) } as Mail, row.language);
      await this.transport!.send({ ...rendered, id: row.id, to: row.to_address });
      await markSent(this.db, row.id, new Date().toISOString());
    } catch (error) {
      const attempts = Number(row.attempts);
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + Math.min(this.retryMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS)).toISOString();
      if (retryAt) this.log.warn({ mail: row.id, template: row.template, attempts, retryAt, reason }, 'mail not sent; will try again');
      else this.log.error({ mail: row.id, template: row.template, attempts, reason }, 'mail given up after repeated failures');
      await markAttemptFailed(this.db, row.id, reason.slice(0, 500), retryAt);
    }
  }

  /** React Email and its templates load with the first mail, not at the shop's start. */
  private loadRenderer(): Promise<(mail: Mail, language: Language) => Promise<RenderedMail>> {
    this.renderer ??= import('./render-mail.ts').then((module) => module.renderMail);
    return this.renderer;
  }
}
