import { describe, expect, it } from 'vitest';
import type { MailKinds } from '../src/server/mail/mail-kinds.ts';
import { renderMail } from '../src/server/mail/render-mail.ts';

/** The receipt mail names the delivery fee inside its total on a line of its own, and only when one was charged. */
const receipt: MailKinds['order-receipt'] = {
  name: 'Dora Delivery',
  number: 1042,
  fulfilmentType: 'delivery',
  fulfilment: 'Delivery to 12 Orchard Lane, Greenville 10115',
  orderLink: 'http://shop.test/dashboard/my/orders/o1',
  profileLink: 'http://shop.test/dashboard/profile',
  placedAt: '25 Nov 2026, 12:00',
  lines: [{ name: 'Green Bowl', quantity: 1, unitPrice: '$ 11.90', lineTotal: '$ 11.90' }],
  total: '$ 15.40',
  note: null,
  transactionId: 'pi_sandbox_1',
};

describe('the receipt mail', () => {
  it('shows the delivery fee above the total', async () => {
    const mail = await renderMail({ template: 'order-receipt', data: { ...receipt, deliveryFee: '$ 3.50' } });
    expect(mail.text).toMatch(/Delivery fee\s+\$ 3\.50/);
    expect(mail.text.indexOf('Delivery fee')).toBeLessThan(mail.text.indexOf('Total paid'));
    expect(mail.html).toContain('Delivery fee');
  });

  it('has no fee line without a fee', async () => {
    const mail = await renderMail({ template: 'order-receipt', data: receipt });
    expect(mail.text).not.toContain('Delivery fee');
  });
});
