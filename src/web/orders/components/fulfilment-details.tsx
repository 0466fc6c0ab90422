import type { Fulfilment } from '../../../shared/orders.ts';
import { useT } from '../../i18n/i18n.ts';
import { mapLink, telLink } from '../order-links.ts';
import { useOrderWords } from '../use-order-words.ts';

/**
 * How the order reaches the customer: the table, the pickup time, or the address (a map search)
 * and the phone (a `tel:` link, so staff call with one tap).
 */
export function FulfilmentDetails({ fulfilment, timeZone, className = '' }: { fulfilment: Fulfilment; timeZone?: string; className?: string }) {
  const t = useT();
  const words = useOrderWords();
  const when = words.scheduled(fulfilment, timeZone);
  return (
    <div className={className}>
      <p className="font-semibold">{words.fulfilment(fulfilment.type)}</p>
      {/* An order for a later slot names it first, whatever the way. */}
      {when ? (
        <p className="font-semibold text-brand-900" data-testid="scheduled-time">
          {when}
        </p>
      ) : (
        fulfilment.type === 'pickup' && <p>{t('order.fulfilment.asap')}</p>
      )}
      {fulfilment.type === 'table' && <p>{t('order.fulfilment.tableNumber', { table: fulfilment.table })}</p>}
      {fulfilment.type === 'delivery' && (
        <>
          {fulfilment.address && (
            <p>
              <a href={mapLink(fulfilment.address)} target="_blank" rel="noreferrer" className="text-brand-800 underline">
                {words.addressLine(fulfilment.address)}
                <span className="sr-only">{t('order.fulfilment.mapHint')}</span>
              </a>
            </p>
          )}
          {fulfilment.phone && (
            <p>
              <a href={telLink(fulfilment.phone)} className="text-brand-800 underline">
                {fulfilment.phone}
              </a>
            </p>
          )}
        </>
      )}
    </div>
  );
}
