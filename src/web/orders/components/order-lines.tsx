import { centsToPrice, priceToCents } from '../../../shared/money.ts';
import type { OrderLine } from '../../../shared/orders.ts';
import type { OrderTaxes } from '../../../shared/orders.ts';
import { useT } from '../../i18n/i18n.ts';
import { useOrderWords } from '../use-order-words.ts';
import { LineOptions } from './line-options.tsx';
import { TaxRows } from './tax-rows.tsx';

/**
 * The dishes of an order with their quantities, line totals, the delivery fee, the promo code's
 * discount and the tip if any, the taxes per rate as the server computed them, and the total.
 */
export function OrderLines({
  lines,
  total,
  deliveryFee,
  taxes,
  tip,
  discount,
  promoCode,
  compact = false,
}: {
  lines: OrderLine[];
  total: number;
  deliveryFee?: number;
  taxes?: OrderTaxes;
  /** The customer's tip inside the total, kept apart from the food. */
  tip?: number;
  /** The promo code's discount the server granted, already inside `total`. */
  discount?: number;
  promoCode?: string;
  compact?: boolean;
}) {
  const t = useT();
  const words = useOrderWords();
  const money = words.format.money;
  return (
    <div>
      <ul className={compact ? 'space-y-0.5' : 'divide-y divide-stone-200'}>
        {/* A dish may be on two lines with other options: the position tells them apart. */}
        {lines.map((line, index) => (
          <li key={index} className={`flex items-baseline justify-between gap-3 ${compact ? '' : 'py-2'}`}>
            <span>
              <span className="font-bold">{line.quantity} ×</span> {line.name}
              <LineOptions line={line} prices={!compact} className={compact ? 'text-sm text-stone-700' : 'text-sm text-stone-600'} />
            </span>
            {!compact && <span className="whitespace-nowrap text-stone-700">{money(centsToPrice(priceToCents(line.price) * line.quantity))}</span>}
          </li>
        ))}
      </ul>
      {deliveryFee !== undefined && !compact && (
        <p className="flex justify-between gap-3 border-t border-stone-200 py-2">
          <span>{t('order.lines.deliveryFee')}</span>
          <span data-testid="order-delivery-fee" className="whitespace-nowrap text-stone-700">{money(deliveryFee)}</span>
        </p>
      )}
      {discount !== undefined && (
        <p className={`flex justify-between gap-3 ${compact ? 'text-xs text-stone-600' : 'border-t border-stone-200 py-2'}`}>
          <span>{promoCode ? t('order.lines.discountCode', { code: promoCode }) : t('order.lines.discount')}</span>
          <span data-testid="order-discount" className="whitespace-nowrap text-stone-700">−{money(discount)}</span>
        </p>
      )}
      {tip !== undefined && (
        <p className={`flex justify-between gap-3 ${compact ? 'text-sm' : 'border-t border-stone-200 py-2'}`}>
          <span>{t('order.lines.tip')}</span>
          <span data-testid="order-tip" className="whitespace-nowrap text-stone-700">{money(tip)}</span>
        </p>
      )}
      {taxes && <TaxRows taxes={taxes} compact={compact} describe={words.taxLine} />}
      <p className={`flex justify-between gap-3 font-bold ${compact ? 'mt-1' : 'mt-2 border-t border-stone-300 pt-2'}`}>
        <span>{t('order.lines.total')}</span>
        <span data-testid="order-total">{money(total)}</span>
      </p>
    </div>
  );
}

