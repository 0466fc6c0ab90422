import type { TableAtLink } from '../../shared/table-constants.ts';

/**
 * The table a guest's scanned code opened (/t/<token>), kept in this tab's sessionStorage while
 * they choose and pay. Only the token counts at checkout: the server reads the table from it, so an
 * edited name or area here changes nothing but this tab's own banner.
 */
export interface TableVisit extends TableAtLink {
  token: string;
}

const STORAGE_KEY = 'raw-roots-table-visit';

export function rememberTableVisit(visit: TableVisit): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(visit));
  } catch {
    // Storage refused (private mode): the guest orders as from the menu, typing the table.
  }
}

export function forgetTableVisit(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The kept visit as stored: a string, so React can compare two readings (useSyncExternalStore). */
export function storedTableVisit(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function currentTableVisit(): TableVisit | null {
  return parseTableVisit(storedTableVisit());
}

export function parseTableVisit(stored: string | null): TableVisit | null {
  try {
    const value = JSON.parse(stored ?? 'null') as Partial<TableVisit> | null;
    if (value && typeof value.token === 'string' && typeof value.name === 'string' && (value.area === null || typeof value.area === 'string')) return value as TableVisit;
  } catch {
    // No storage, or not ours.
  }
  return null;
}
