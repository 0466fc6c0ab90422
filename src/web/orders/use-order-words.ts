import { useMemo } from 'react';
import { SOURCE_LANGUAGE } from '../../shared/i18n/languages.ts';
import type { MessageId } from '../../shared/i18n/catalogue.ts';
import { scheduledTimeOf, ticketAddressLine } from '../../shared/order-facts.ts';
import { slotParts } from '../../shared/shop-time.ts';
import type { FulfilmentType, OrderStatus } from '../../shared/order-workflow.ts';
import type { Fulfilment, Order, OrderTaxes } from '../../shared/orders.ts';
import type { TaxMode } from '../../shared/order-totals.ts';
import { useFormat, type Format } from '../i18n/format.ts';
import { useLanguage, useT } from '../i18n/i18n.ts';

/**
 * The order's words in the reader's language, one place for the order pages, the board and the
 * ticket: the catalogue's `order.*` ids, money and times by `Intl` on the restaurant's clock.
 */
export interface OrderWords {
  format: Format;
  status(status: OrderStatus): string;
  fulfilment(type: FulfilmentType): string;
  /** "Today at 12:30", "Tomorrow at 11:00", "On Friday at 18:30"; undefined for as soon as possible. */
  scheduled(fulfilment: Pick<Fulfilment, 'type' | 'pickupAt' | 'scheduledAt'>, timeZone?: string, now?: Date): string | undefined;
  /** "Refunded $14.50", as the order page's notice says it. */
  refund(refund: NonNullable<Order['refund']>): string;
  /** "Food 7 % included, on $ 13.55 net" or "Food 7 % on $ 14.50". */
  taxLine(line: OrderTaxes['lines'][number], mode: TaxMode): string;
  /** The seller's receipt lines: legal name, address, "Phone …", "Tax number …"; empty ones left out. */
  sellerLines(seller: { legalName: string; address: string; phone: string; taxNumber: string }): string[];
  addressLine: typeof ticketAddressLine;
}

export function useOrderWords(): OrderWords {
  const t = useT();
  const format = useFormat();
  const language = useLanguage();
  return useMemo(() => {
    const scheduled: OrderWords['scheduled'] = (fulfilment, timeZone, now = new Date()) => {
      const at = scheduledTimeOf(fulfilment);
      if (!at) return undefined;
      const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
      const parts = slotParts(new Date(at), now, zone);
      // English keeps its ISO date beyond the week (the spec's "On 2026-12-09 at 11:00").
      const date =
        parts.day === 'weekday'
          ? new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: zone }).format(new Date(at))
          : language === SOURCE_LANGUAGE
            ? parts.date
            : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: zone }).format(new Date(at));
      return t('order.slot', { day: parts.day, date, time: parts.time });
    };
    return {
      format,
      status: (status) => t(`order.status.${status}` as MessageId),
      fulfilment: (type) => t(`order.fulfilment.${type}` as MessageId),
      scheduled,
      refund: (refund) => t(`order.refund.${refund.status === 'succeeded' || refund.status === 'failed' ? refund.status : 'pending'}` as MessageId, { amount: format.money(refund.amount, { spaced: false }) }),
      taxLine: (line, mode) => t(mode === 'included' ? 'order.tax.included' : 'order.tax.added', { name: line.name, net: format.money(line.net) }),
      sellerLines: (seller) =>
        [seller.legalName, seller.address, seller.phone ? t('order.seller.phone', { phone: seller.phone }) : '', seller.taxNumber ? t('order.seller.taxNumber', { number: seller.taxNumber }) : ''].filter(Boolean),
      addressLine: ticketAddressLine,
    };
  }, [t, format, language]);
}
