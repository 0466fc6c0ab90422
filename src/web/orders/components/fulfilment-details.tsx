import { FULFILMENT_LABELS } from '../../../shared/order-workflow.ts';
import type { Fulfilment } from '../../../shared/orders.ts';
import { addressLine, mapLink, scheduledText, telLink } from '../order-format.ts';

/**
 * How the order reaches the customer: the table, the pickup time, or the address (a map search)
 * and the phone (a `tel:` link, so staff call with one tap).
 */
export function FulfilmentDetails({ fulfilment, timeZone, className = '' }: { fulfilment: Fulfilment; timeZone?: string; className?: string }) {
  const when = scheduledText(fulfilment, timeZone);
  return (
    <div className={className}>
      <p className="font-semibold">{FULFILMENT_LABELS[fulfilment.type]}</p>
      {/* An order for a later slot names it first, whatever the way. */}
      {when ? (
        <p className="font-semibold text-brand-900" data-testid="scheduled-time">
          {when}
        </p>
      ) : (
        fulfilment.type === 'pickup' && <p>As soon as possible</p>
      )}
      {fulfilment.type === 'table' && <p>Table {fulfilment.table}</p>}
      {fulfilment.type === 'delivery' && (
        <>
          {fulfilment.address && (
            <p>
              <a href={mapLink(fulfilment.address)} target="_blank" rel="noreferrer" className="text-brand-800 underline">
                {addressLine(fulfilment.address)}
                <span className="sr-only"> (map, opens in a new tab)</span>
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
