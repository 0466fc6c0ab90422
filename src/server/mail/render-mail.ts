import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { createElement as h } from 'react';
import type { Mail, MailKinds, MailTemplate } from './mail-kinds.ts';
import { CaptchaCodeMail, EmailChangeConfirmMail, EmailChangedMail, PasswordResetMail, VerifyEmailMail } from './templates/account-mails.ts';
import { OrderAcceptedMail, OrderCancelledMail, OrderDelayedMail, OrderOnItsWayMail, OrderReadyMail, OrderReceiptMail, OrderRefundMail } from './templates/order-mails.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Template<T extends MailTemplate> = { subject: (data: MailKinds[T]) => string; element: (data: MailKinds[T]) => ReactElement };

const TEMPLATES: { [T in MailTemplate]: Template<T> } = {
  'password-reset': { subject: () => 'Reset your Raw Roots password', element: (d) => h(PasswordResetMail, d) },
  'verify-email': { subject: () => 'Confirm your e-mail address', element: (d) => h(VerifyEmailMail, d) },
  'email-change-confirm': { subject: () => 'Confirm your new e-mail address', element: (d) => h(EmailChangeConfirmMail, d) },
  'email-changed': { subject: () => 'Your e-mail address was changed', element: (d) => h(EmailChangedMail, d) },
  'captcha-code': { subject: () => 'The characters to sign in to Raw Roots', element: (d) => h(CaptchaCodeMail, d) },
  'order-receipt': { subject: (d) => `Your receipt for order #${d.number}`, element: (d) => h(OrderReceiptMail, d) },
  'order-accepted': {
    subject: (d) => `Order #${d.number} accepted${d.arrivesAround ? `: arrives around ${d.arrivesAround}` : d.readyBy ? `: ready by ${d.readyBy}` : ''}`,
    element: (d) => h(OrderAcceptedMail, d),
  },
  'order-delayed': { subject: (d) => `Order #${d.number}: ${d.arrivesAround ? `now arrives around ${d.arrivesAround}` : `now ready by ${d.readyBy}`}`, element: (d) => h(OrderDelayedMail, d) },
  'order-ready': { subject: (d) => `Order #${d.number} is ready`, element: (d) => h(OrderReadyMail, d) },
  'order-on-its-way': { subject: (d) => `Order #${d.number} is on its way`, element: (d) => h(OrderOnItsWayMail, d) },
  'order-cancelled': { subject: (d) => `Order #${d.number} was ${d.status}`, element: (d) => h(OrderCancelledMail, d) },
  'order-refund': { subject: (d) => `We refunded ${d.amount} of order #${d.number}`, element: (d) => h(OrderRefundMail, d) },
};

/** A queued mail's subject, HTML and plain text (each mail goes out with both). */
export async function renderMail(mail: Mail): Promise<RenderedMail> {
  const template = TEMPLATES[mail.template] as Template<typeof mail.template>;
  const element = template.element(mail.data as never);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(mail.data as never), html, text };
}
