import { useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { TABLE_TEXTS, tableLabel } from '../../../shared/table-constants.ts';
import { useT } from '../../i18n/i18n.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { parseTableVisit, storedTableVisit } from '../table-visit.ts';
import { GuestStart } from './guest-start.tsx';

const noSubscription = () => () => {};

/** What the menu says after a table's code: the table the guest orders to, or why the code opened none. */
export function TableBanner() {
  const t = useT();
  const location = useLocation();
  const invalid = (location.state as { tableLinkInvalid?: boolean } | null)?.tableLinkInvalid === true;
  // Read after hydration: the server's drawing of the menu knows no tab's table.
  const stored = useSyncExternalStore(noSubscription, storedTableVisit, () => null);
  const visit = useMemo(() => parseTableVisit(stored), [stored]);
  const { user, loading } = useAuth();
  // Offered once the session is known; kept while its own request runs (which sets `loading`), so its errors stay.
  const [guestOffered, setGuestOffered] = useState(false);
  if (!guestOffered && !user && !loading) setGuestOffered(true);
  if (invalid) {
    return (
      <p role="alert" data-testid="table-banner" className="mx-auto mb-6 max-w-3xl rounded-lg border border-accent-500 bg-accent-400/20 p-3 text-center font-semibold text-stone-900">
        {TABLE_TEXTS.linkInvalid}
      </p>
    );
  }
  if (!visit) return null;
  return (
    <>
      <p role="status" data-testid="table-banner" className="mx-auto mb-6 max-w-3xl rounded-lg bg-brand-50 p-3 text-center font-semibold text-brand-900 ring-1 ring-brand-100">
        {t('cart.tableVisit.eatingAt', { table: tableLabel(visit) })}
      </p>
      {/* A visitor orders here as a guest, or logs in (the spec's way). */}
      {guestOffered && !user && <GuestStart visit={visit} />}
    </>
  );
}
