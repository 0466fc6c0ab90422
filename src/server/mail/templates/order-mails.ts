import { Column, Link, Row, Section, Text } from '@react-email/components';
import { createElement as h, type ReactNode } from 'react';
import type { MailKinds, OrderMailBase } from '../mail-kinds.ts';
import { ActionButton, colors, MailLayout, styles } from './mail-layout.ts';
import { TIP_PAGE_TEXTS } from '../../../shared/tips.ts';

/** The order's mails: the receipt when it is paid, then accepted, ready, cancelled or rejected. */
export function OrderReceiptMail(data: MailKinds['order-receipt']) {
  return h(
    MailLayout,
    { preview: `Order #${data.number}: ${data.total}, ${data.fulfilment}`, heading: `Thank you! Order #${data.number}`, footer: statusMailsFooter(data) },
    h(Text, { style: styles.text }, `Hi ${data.name}, we have your order and your payment. The kitchen will confirm it shortly.`),
    h(
      Section,
      { style: { backgroundColor: colors.brandLight, borderRadius: '8px', padding: '12px 16px', margin: '0 0 16px' } },
      h(Text, { style: { ...styles.text, margin: 0, fontWeight: 700 } }, data.fulfilment),
      h(Text, { style: { ...styles.small, marginTop: '4px' } }, `Placed ${data.placedAt}`),
    ),
    h(
      Section,
      { style: { margin: '0 0 8px' } },
      ...data.lines.map((line, i) =>
        h(Row, {
          key: i,
          style: { borderBottom: `1px solid ${colors.line}` },
          children: [
            h(
              Column,
              { key: 'what', style: { padding: '10px 0', verticalAlign: 'top' } },
              h(Text, { style: { ...styles.text, margin: 0 } }, `${line.quantity} × ${line.name}`),
              ...(line.options ?? []).map((option, j) => h(Text, { key: `option-${j}`, style: { ...styles.small, margin: '2px 0 0' } }, option)),
              h(Text, { style: { ...styles.small, marginTop: '2px' } }, `${line.unitPrice} each`),
            ),
            h(
              Column,
              { key: 'price', align: 'right', style: { padding: '10px 0', verticalAlign: 'top', whiteSpace: 'nowrap' } },
              h(Text, { style: { ...styles.text, margin: 0 } }, line.lineTotal),
            ),
          ],
        }),
      ),
      data.deliveryFee
        ? h(Row, {
            style: { borderBottom: `1px solid ${colors.line}` },
            children: [
              h(Column, { key: 'label', style: { padding: '10px 0' } }, h(Text, { style: { ...styles.text, margin: 0 } }, 'Delivery fee')),
              h(Column, { key: 'fee', align: 'right', style: { padding: '10px 0' } }, h(Text, { style: { ...styles.text, margin: 0 } }, data.deliveryFee)),
            ],
          })
        : null,
      data.discount
        ? h(Row, {
            style: { borderBottom: `1px solid ${colors.line}` },
            children: [
              h(Column, { key: 'label', style: { padding: '10px 0' } }, h(Text, { style: { ...styles.text, margin: 0 } }, `Discount (${data.discount.code})`)),
              h(Column, { key: 'discount', align: 'right', style: { padding: '10px 0' } }, h(Text, { style: { ...styles.text, margin: 0 } }, data.discount.amount)),
            ],
          })
        : null,
      data.tip
        ? h(Row, {
            style: { borderBottom: `1px solid ${colors.line}` },
            children: [
              h(Column, { key: 'label', style: { padding: '10px 0' } }, h(Text, { style: { ...styles.text, margin: 0 } }, TIP_PAGE_TEXTS.row)),
              h(Column, { key: 'tip', align: 'right', style: { padding: '10px 0' } }, h(Text, { style: { ...styles.text, margin: 0 } }, data.tip)),
            ],
          })
        : null,
      ...(data.taxes ?? []).map((tax, i) =>
        h(Row, {
          key: `tax-${i}`,
          style: { borderBottom: `1px solid ${colors.line}` },
          children: [
            h(Column, { key: 'label', style: { padding: '6px 0' } }, h(Text, { style: { ...styles.small, margin: 0 } }, tax.label)),
            h(Column, { key: 'tax', align: 'right', style: { padding: '6px 0' } }, h(Text, { style: { ...styles.small, margin: 0 } }, tax.amount)),
          ],
        }),
      ),
      h(Row, {
        children: [
          h(Column, { key: 'label', style: { padding: '12px 0' } }, h(Text, { style: { ...styles.text, margin: 0, fontWeight: 700 } }, 'Total paid')),
          h(Column, { key: 'total', align: 'right', style: { padding: '12px 0' } }, h(Text, { style: { ...styles.text, margin: 0, fontWeight: 700 } }, data.total)),
        ],
      }),
    ),
    data.note ? h(Text, { style: styles.muted }, `Your note to the kitchen: “${data.note}”`) : null,
    h(ActionButton, { href: data.orderLink, label: 'Follow your order' }),
    h(Text, { style: styles.small }, `Payment reference: ${data.transactionId}`),
    ...(data.seller ?? []).map((line, i) => h(Text, { key: `seller-${i}`, style: { ...styles.small, margin: '0' } }, line)),
  );
}

export function OrderAcceptedMail(data: MailKinds['order-accepted']) {
  const when = data.arrivesAround
    ? `It arrives around ${data.arrivesAround}.`
    : data.readyBy
      ? `It will be ready by ${data.readyBy}.`
      : 'The kitchen has started on it.';
  return h(
    MailLayout,
    { preview: `Order #${data.number} accepted. ${when}`, heading: `Order #${data.number} is accepted`, footer: statusMailsFooter(data) },
    h(Text, { style: styles.text }, `Hi ${data.name}, the kitchen accepted your order. ${when}`),
    h(Text, { style: styles.muted }, data.fulfilment),
    h(ActionButton, { href: data.orderLink, label: 'Follow your order' }),
  );
}

export function OrderDelayedMail(data: MailKinds['order-delayed']) {
  const when = data.arrivesAround ? `now arrives around ${data.arrivesAround}` : `will be ready by ${data.readyBy}`;
  return h(
    MailLayout,
    { preview: `Order #${data.number} ${when}.`, heading: `Order #${data.number}: a new time`, footer: statusMailsFooter(data) },
    h(Text, { style: styles.text }, `Hi ${data.name}, the kitchen is busier than planned: your order ${when}. We are sorry for the wait.`),
    h(Text, { style: styles.muted }, data.fulfilment),
    h(ActionButton, { href: data.orderLink, label: 'Follow your order' }),
  );
}

export function OrderReadyMail(data: MailKinds['order-ready']) {
  const what: Record<OrderMailBase['fulfilmentType'], string> = {
    table: 'It is on its way to your table.',
    pickup: 'Come and pick it up at the counter.',
    delivery: 'It leaves with our rider shortly.',
  };
  return h(
    MailLayout,
    { preview: `Order #${data.number} is ready. ${what[data.fulfilmentType]}`, heading: `Order #${data.number} is ready`, footer: statusMailsFooter(data) },
    h(Text, { style: styles.text }, `Hi ${data.name}, your order is ready. ${what[data.fulfilmentType]}`),
    h(Text, { style: styles.muted }, data.fulfilment),
    h(ActionButton, { href: data.orderLink, label: 'See your order' }),
  );
}

export function OrderOnItsWayMail(data: MailKinds['order-on-its-way']) {
  return h(
    MailLayout,
    { preview: `Order #${data.number} is on its way to you.`, heading: `Order #${data.number} is on its way`, footer: statusMailsFooter(data) },
    h(
      Text,
      { style: styles.text },
      `Hi ${data.name}, your order has left the kitchen with our rider and is on its way to you.${data.arrivesAround ? ` It arrives around ${data.arrivesAround}.` : ''}`,
    ),
    h(Text, { style: styles.muted }, data.fulfilment),
    h(ActionButton, { href: data.orderLink, label: 'See your order' }),
  );
}

export function OrderCancelledMail(data: MailKinds['order-cancelled']) {
  const verb = data.status === 'rejected' ? 'could not take' : 'had to cancel';
  return h(
    MailLayout,
    {
      preview: `Order #${data.number} was ${data.status}. ${data.refund ?? ''}`.trim(),
      heading: `Order #${data.number} was ${data.status}`,
      footer: statusMailsFooter(data),
    },
    h(Text, { style: styles.text }, `Hi ${data.name}, we are sorry: the kitchen ${verb} your order.`),
    data.reason ? h(Text, { style: styles.text }, `The reason: “${data.reason}”`) : null,
    h(Text, { style: { ...styles.text, fontWeight: 700 } }, data.refund ?? 'Nothing was charged for it.'),
    h(ActionButton, { href: data.orderLink, label: 'See your order' }),
  );
}

export function OrderRefundMail(data: MailKinds['order-refund']) {
  return h(
    MailLayout,
    { preview: `We refunded ${data.amount} of order #${data.number} to your card.`, heading: `A refund of order #${data.number}` },
    h(Text, { style: styles.text }, `Hi ${data.name}, we refunded ${data.amount} to your card. It can take a few days to show on your statement.`),
    ...data.lines.map((line, i) => h(Text, { key: `line-${i}`, style: { ...styles.text, margin: '0 0 4px' } }, line)),
    h(Text, { style: { ...styles.muted, marginTop: '12px' } }, `Refunded so far: ${data.refundedOfPaid}`),
    h(ActionButton, { href: data.orderLink, label: 'See your order' }),
  );
}

function statusMailsFooter(data: OrderMailBase): ReactNode {
  return h(
    Text,
    { style: { ...styles.small, marginBottom: '8px' } },
    'Mails about your order’s progress can be turned off in ',
    h(Link, { href: data.profileLink, style: { color: colors.brand } }, 'your profile'),
    '. The receipt always comes.',
  );
}
