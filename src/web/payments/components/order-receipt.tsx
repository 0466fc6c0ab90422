import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import type { PaymentRecord } from '../../../shared/payments.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';

/** After paying, the customer sees their order (docs/product.md §14): what, how much, its state. */
export function OrderReceipt({ payment }: { payment: PaymentRecord }) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="receipt-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-600">
      <h2 id="receipt-heading" className="font-display text-2xl font-bold text-brand-900">
        {t('payment.receipt.title')}
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-stone-600">{t('payment.receipt.transactionId')}</dt>
        <dd className="break-all">{payment.transactionId}</dd>
        <dt className="font-semibold text-stone-600">{t('payment.receipt.paid')}</dt>
        <dd>{format.money(payment.price)}</dd>
        <dt className="font-semibold text-stone-600">{t('payment.receipt.date')}</dt>
        <dd>{format.dateTime(payment.date)}</dd>
        <dt className="font-semibold text-stone-600">{t('payment.receipt.status')}</dt>
        <dd>{payment.status}</dd>
      </dl>
      <h3 className="mt-4 font-semibold text-stone-800">
        {t('payment.receipt.items', { count: payment.quantity })}
      </h3>
      <ul className="mt-1 list-inside list-disc text-sm text-stone-700">
        {payment.itemNames.map((name, index) => (
          <li key={`${payment.cartItems[index]}`}>{name}</li>
        ))}
      </ul>
      <Link to={paths.menu()} className="mt-4 inline-block font-semibold text-brand-800 underline">
        {t('payment.receipt.orderMore')}
      </Link>
    </section>
  );
}
