import { v7 } from 'uuid';

/**
 * The id of a new row of a table written at every payment (cart entries, payments, orders, the
 * mail queue): a UUID whose first bits are the time (version 7), still 74 random bits after it.
 * Each id is then greater than the last, so its insert lands on the last page of the table's
 * key index, which every insert of a group of commits shares, instead of a page of its own at a
 * random place: a payment's commit wrote about a third fewer pages (docs/performance.md, issue 23
 * part 3). Rows made before keep their random ids, which sort among these as before.
 */
export const newRowId = (): string => v7();
