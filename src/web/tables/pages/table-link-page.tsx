import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import type { TableAtLink } from '../../../shared/table-constants.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { forgetTableVisit, rememberTableVisit } from '../table-visit.ts';

/**
 * A table's QR code (/t/<token>): asks the server which table the token opens, keeps it for
 * checkout, and opens the menu; a code not issued, regenerated or of a removed table opens the
 * menu with the reason and no table at all.
 */
export function Page() {
  usePageTitle('Your table');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<TableAtLink>(`/tables/${encodeURIComponent(token)}`, { signal: controller.signal }).then(
      (table) => {
        rememberTableVisit({ token, name: table.name, area: table.area });
        void navigate(paths.menu(), { replace: true });
      },
      () => {
        if (controller.signal.aborted) return;
        forgetTableVisit();
        void navigate(paths.menu(), { replace: true, state: { tableLinkInvalid: true } });
      },
    );
    return () => controller.abort();
  }, [token, navigate]);
  return (
    <p role="status" className="mx-auto max-w-xl p-12 text-center text-lg text-stone-800">
      Finding your table…
    </p>
  );
}
