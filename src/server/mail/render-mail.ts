import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { createElement as h } from 'react';
import type { Mail, MailKinds, MailTemplate } from './mail-kinds.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { CaptchaCodeMail, EmailChangeConfirmMail, EmailChangedMail, PasswordResetMail, VerifyEmailMail } from './templates/account-mails.ts';
import { mailWords, type MailWords } from './templates/mail-layout.ts';
import { OrderAcceptedMail, OrderCancelledMail, OrderDelayedMail, OrderOnItsWayMail, OrderReadyMail, OrderReceiptMail, OrderRefundMail } from './templates/order-mails.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Template<T extends MailTemplate> = { subject: (data: MailKinds[T], words: MailWords) => string; element: (data: MailKinds[T], words: MailWords) => ReactElement };

const TEMPLATES: { [T in MailTemplate]: Template<T> } = {
  'password-reset': { subject: (_, { t }) => t('mail.reset.subject'), element: (d, words) => h(PasswordResetMail, { ...d, words }) },
  'verify-email': { subject: (_, { t }) => t('mail.verify.subject'), element: (d, words) => h(VerifyEmailMail, { ...d, words }) },
  'email-change-confirm': { subject: (_, { t }) => t('mail.emailChange.subject'), element: (d, words) => h(EmailChangeConfirmMail, { ...d, words }) },
  'email-changed': { subject: (_, { t }) => t('mail.emailChanged.subject'), element: (d, words) => h(EmailChangedMail, { ...d, words }) },
  'captcha-code': { subject: (_, { t }) => t('mail.captcha.subject'), element: (d, words) => h(CaptchaCodeMail, { ...d, words }) },
  // The order mails are written in English for now (docs/i18n.md).
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

/** A queued mail's subject, HTML and plain text (each mail goes out with both), in `language`. */
export async function renderMail(mail: Mail, language: Language = SOURCE_LANGUAGE): Promise<RenderedMail> {
  const template = TEMPLATES[mail.template] as Template<typeof mail.template>;
  const words = mailWords(language);
  const element = template.element(mail.data as never, words);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(mail.data as never, words), html, text };
}
