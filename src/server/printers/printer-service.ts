import type { Kysely } from 'kysely';
import { kitchenTicket } from '../../shared/kitchen-ticket.ts';
import type { Order } from '../../shared/orders.ts';
import { PRINTER_TEXTS, type Printer, type PrinterInput, type PrinterStatus } from '../../shared/printers.ts';
import { newRowId } from '../db/row-ids.ts';
import type { Database } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { testPageBytes, ticketBytes } from './escpos-ticket.ts';
import {
  deletePrinter,
  findPrinter,
  insertPrinter,
  listPrinters,
  recordPrintFailure,
  recordPrintSuccess,
  updatePrinter,
  type PrinterRow,
} from './printers-repository.ts';
import { sendToPrinter } from './send-to-printer.ts';

/** Tries of one ticket: the first, then two more after PRINTER_RETRY_MS and twice that. */
const ATTEMPTS = 3;

interface Logger {
  warn(details: object, message: string): void;
}

export interface PrinterServiceOptions {
  db: Kysely<Database>;
  timeZone: () => string;
  /** The receipt's seller lines from the settings now (legal name, address, phone, tax number). */
  seller?: () => string[];
  log: Logger;
  timeoutMs: number;
  retryMs: number;
}

/**
 * The kitchen printers and their print queue. A ticket is a job queued after the accept has
 * committed: the accept never waits for a printer, and a printer's failure is recorded on its
 * row (shown on the board and in /readyz) instead of failing anything. Jobs of one printer go
 * one after another, as such printers take one connection at a time.
 */
export class PrinterService {
  private readonly options: PrinterServiceOptions;
  /** Each printer's last queued job: the next one starts when it ends. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly retries = new Set<NodeJS.Timeout>();
  /** Jobs being looked up (which printers) before they join a chain. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(options: PrinterServiceOptions) {
    this.options = options;
  }

  async list(): Promise<Printer[]> {
    return (await listPrinters(this.options.db)).map(toPrinter);
  }

  async statuses(): Promise<PrinterStatus[]> {
    return (await listPrinters(this.options.db)).map(toStatus);
  }

  async add(input: PrinterInput, now = new Date()): Promise<Printer> {
    const id = newRowId();
    await insertPrinter(this.options.db, id, input, now.toISOString());
    return toPrinter((await findPrinter(this.options.db, id))!);
  }

  async update(id: string, input: PrinterInput): Promise<Printer> {
    const before = await findPrinter(this.options.db, id);
    if (!before) throw new NotFoundError(PRINTER_TEXTS.noSuchPrinter);
    const addressChanged = before.host !== input.host || before.port !== input.port;
    if ((await updatePrinter(this.options.db, id, input, addressChanged)) === 0) throw new NotFoundError(PRINTER_TEXTS.noSuchPrinter);
    return toPrinter((await findPrinter(this.options.db, id))!);
  }

  async remove(id: string): Promise<void> {
    if ((await deletePrinter(this.options.db, id)) === 0) throw new NotFoundError(PRINTER_TEXTS.noSuchPrinter);
  }

  /** After an accept committed: the printers set to print on accept get the ticket. */
  async printAccepted(order: Order): Promise<number> {
    return this.track(async () => {
      const printers = (await listPrinters(this.options.db)).filter((p) => p.print_on_accept === 1);
      this.queueTicket(printers, order);
      return printers.length;
    });
  }

  /** "Print again": every printer, whether or not it prints on accept (a 409 with none set up). */
  async printAgain(order: Order): Promise<number> {
    const printers = await listPrinters(this.options.db);
    if (printers.length === 0) throw new ConflictError(PRINTER_TEXTS.noPrinters);
    this.queueTicket(printers, order);
    return printers.length;
  }

  async printTestPage(id: string, now = new Date()): Promise<number> {
    const printer = await findPrinter(this.options.db, id);
    if (!printer) throw new NotFoundError(PRINTER_TEXTS.noSuchPrinter);
    const at = now.toLocaleString('en-GB', { timeZone: this.options.timeZone() });
    this.queue(printer, testPageBytes(printer.name, at), 'test page', 1);
    return 1;
  }

  /** Waits for the jobs under way (tests, and close); retries not yet due are dropped at close. */
  async idle(): Promise<void> {
    while (this.chains.size > 0 || this.pending.size > 0) await Promise.allSettled([...this.pending, ...this.chains.values()]);
  }

  private async track<T>(work: () => Promise<T>): Promise<T> {
    const promise = work();
    this.pending.add(promise);
    try {
      return await promise;
    } finally {
      this.pending.delete(promise);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await this.idle();
  }

  private queueTicket(printers: PrinterRow[], order: Order): void {
    if (printers.length === 0) return;
    const timeZone = this.options.timeZone();
    const time = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
    const bytes = ticketBytes(kitchenTicket(order, time, timeZone, this.options.seller?.() ?? []));
    for (const printer of printers) this.queue(printer, bytes, `order #${order.number}`, 1);
  }

  private queue(printer: PrinterRow, bytes: Uint8Array, what: string, attempt: number): void {
    if (this.closed) return;
    const previous = this.chains.get(printer.id) ?? Promise.resolve();
    const job = previous.then(() => this.attempt(printer, bytes, what, attempt)).catch(() => undefined);
    this.chains.set(printer.id, job);
    void job.finally(() => {
      if (this.chains.get(printer.id) === job) this.chains.delete(printer.id);
    });
  }

  private async attempt(printer: PrinterRow, bytes: Uint8Array, what: string, attempt: number): Promise<void> {
    const { db, timeoutMs, retryMs, log } = this.options;
    try {
      await sendToPrinter(printer.host, printer.port, bytes, timeoutMs);
      await recordPrintSuccess(db, printer.id, new Date().toISOString());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ printer: printer.name, host: printer.host, port: printer.port, what, attempt, reason }, 'kitchen printer did not take the job');
      // A database that fails here too must not end the queue: the log has the failure.
      await recordPrintFailure(db, printer.id, reason, new Date().toISOString()).catch(() => undefined);
      if (attempt < ATTEMPTS && !this.closed) {
        const timer = setTimeout(() => {
          this.retries.delete(timer);
          this.queue(printer, bytes, what, attempt + 1);
        }, retryMs * 2 ** (attempt - 1));
        timer.unref();
        this.retries.add(timer);
      }
    }
  }
}

function toStatus(row: PrinterRow): PrinterStatus {
  return {
    id: row.id,
    name: row.name,
    lastSuccessAt: row.last_success_at,
    lastErrorAt: row.last_error_at,
    lastError: row.last_error,
    // ISO-8601 text in UTC compares in time order.
    failing: row.last_error_at !== null && (row.last_success_at === null || row.last_error_at > row.last_success_at),
  };
}

function toPrinter(row: PrinterRow): Printer {
  return { ...toStatus(row), host: row.host, port: row.port, printOnAccept: row.print_on_accept === 1 };
}
