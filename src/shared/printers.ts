/**
 * Kitchen receipt printers (ESC/POS over TCP, docs/product.md "Kitchen printers"): the
 * administrator's list, its messages, and each printer's last outcome as the board and /readyz show it.
 */
import { z } from 'zod';

export const PRINTER_PORT_DEFAULT = 9100;

/** A host name (RFC 1123 labels) or an IPv4 address; IPv6 in its plain written form. */
const HOST_NAME = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV4 = /^((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$/;
const IPV6 = /^[0-9A-Fa-f:]{2,39}$/;

export function isPrinterHost(host: string): boolean {
  if (/^[0-9.]+$/.test(host)) return IPV4.test(host);
  return HOST_NAME.test(host) || (host.includes(':') && IPV6.test(host));
}

export const printerInputSchema = z.object({
  name: z.string().trim().min(1, "Enter the printer's name").max(60, 'At most 60 characters'),
  host: z
    .string()
    .trim()
    .min(1, "Enter the printer's host name or IP address")
    .refine(isPrinterHost, 'Enter a host name such as kitchen-printer.local or an IP address such as 192.168.1.50'),
  port: z
    .number({ message: 'Enter the port as a number' })
    .int('Enter the port as a whole number')
    .min(1, 'The port is between 1 and 65535')
    .max(65535, 'The port is between 1 and 65535')
    .default(PRINTER_PORT_DEFAULT),
  printOnAccept: z.boolean().default(true),
});
export type PrinterInput = z.infer<typeof printerInputSchema>;

/** What the board and /readyz show: a printer is failing when its last attempt failed. */
export const printerStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  failing: z.boolean(),
});
export type PrinterStatus = z.infer<typeof printerStatusSchema>;

export const printerSchema = printerStatusSchema.extend({ host: z.string(), port: z.number(), printOnAccept: z.boolean() });
export type Printer = z.infer<typeof printerSchema>;

export const printerIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** The answer to "print again" and "print test page": queued, and to how many printers. */
export const printQueuedSchema = z.object({ printers: z.number().int() });

export const PRINTER_TEXTS = {
  noPrinters: 'No kitchen printer is set up: an administrator adds one under Settings',
  noSuchPrinter: 'No such printer',
} as const;
