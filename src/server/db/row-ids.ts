import { randomUUID } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 for rows written at every payment: ids rise, so inserts share the key index's last page
 * within one group commit instead of each dirtying a random page (decision 0035). Old rows keep
 * their random ids. The random bits come from node's randomUUID, which batches its entropy.
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
