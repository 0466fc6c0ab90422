import { randomUUID } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * The id of a new row of a table written at every payment (cart entries, payments, orders, the
 * mail queue): a UUID of version 7, whose first 48 bits are the time in milliseconds and the next
 * 12 a counter within the millisecond (RFC 9562's first method), then 62 random bits. Each id is
 * greater than the last, so its insert lands on the last page of the table's key index, which
 * the inserts of one group of commits share, instead of a page of its own at a random place: a
 * payment's commit wrote about a third fewer pages (docs/performance.md, issue 23 part 3). Rows
 * made before keep their random ids, which sort among these as before.
 *
 * The random bits are those of node's randomUUID, which draws its randomness for many ids at
 * once: the uuid package asks the system for each id's, three hundredths of a payment's CPU.
 */
export function newRowId(): string {
  let ms = Date.now();
  if (ms > lastMs) {
    lastMs = ms;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    // A 4,097th id within one millisecond borrows the next one, so the order still holds.
    lastMs += 1;
    sequence = 0;
  }
  ms = lastMs;
  const time = ms.toString(16).padStart(12, '0');
  // randomUUID: xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx; from index 18 on, its variant and random bits.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}${randomUUID().slice(18)}`;
}
