/**
 * Screenshots of the order mails as a phone's mail app shows them (Chromium at 390 px, the HTML
 * the shop sends, images and styles inline) into docs/screenshots/: `node scripts/mail-screenshots.ts`.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import type { Mail } from '../src/server/mail/mail-kinds.ts';
import { renderMail } from '../src/server/mail/render-mail.ts';

const base = {
  name: 'Cora',
  number: 1042,
  orderLink: 'https://rawroots.example/dashboard/my/orders/7d1c',
  profileLink: 'https://rawroots.example/dashboard/profile',
};
const MAILS: Array<[string, Mail]> = [
  [
    'mail-receipt-390',
    {
      template: 'order-receipt',
      data: {
        ...base,
        fulfilmentType: 'delivery',
        fulfilment: 'Delivery to 5 Elm Street, 12345 Springfield',
        placedAt: '14 Mar 2025, 12:04',
        lines: [
          { name: 'Sprouted lentil bowl', quantity: 2, unitPrice: '$ 12.50', lineTotal: '$ 25.00' },
          { name: 'Raw cacao tart', quantity: 1, unitPrice: '$ 7.90', lineTotal: '$ 7.90' },
          { name: 'Green juice', quantity: 1, unitPrice: '$ 5.50', lineTotal: '$ 5.50' },
        ],
        total: '$ 38.40',
        note: 'Ring twice, please',
        transactionId: 'sandbox_pi_3f9a61c2',
      },
    },
  ],
  ['mail-accepted-390', { template: 'order-accepted', data: { ...base, fulfilmentType: 'pickup', fulfilment: 'Pickup as soon as possible', readyBy: '12:35' } }],
  [
    'mail-cancelled-390',
    {
      template: 'order-cancelled',
      data: {
        ...base,
        fulfilmentType: 'table',
        fulfilment: 'Eat here, table 4',
        status: 'cancelled',
        reason: 'The juicer broke down',
        refund: 'The refund of $38.40 is on its way to your card (it can take a few days to show).',
      },
    },
  ],
];

fs.mkdirSync('docs/screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
for (const [name, mail] of MAILS) {
  await page.setContent((await renderMail(mail)).html, { waitUntil: 'load' });
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
  console.log(`docs/screenshots/${name}.png`);
}
await browser.close();
