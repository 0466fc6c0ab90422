import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import type { Translate } from '../../../shared/i18n/catalogue.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { translatorFor } from '../../i18n/translator.ts';

/** The language a mail is written in, and its words. */
export interface MailWords {
  language: Language;
  t: Translate;
}

export function mailWords(language: Language): MailWords {
  return { language, t: translatorFor(language) };
}

/** The order mails' frame until their texts are in the catalogues (docs/i18n.md). */
const ENGLISH = mailWords(SOURCE_LANGUAGE);

/**
 * The frame of every mail: the shop's name on a green band, one column at most 560 px wide that
 * narrows with a phone's screen, system fonts, and styles inline (mail clients drop <style> and
 * classes). Templates are React components written with createElement: the server runs its
 * TypeScript with Node's type stripping, which does not turn JSX into calls (docs/decisions/0020).
 */
export const colors = { brand: '#15803d', brandDark: '#14532d', brandLight: '#f0fdf4', accent: '#facc15', text: '#1c1917', muted: '#57534e', line: '#e7e5e4' };

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  text: { fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 16px' },
  muted: { fontSize: '14px', lineHeight: '20px', color: colors.muted, margin: '0 0 12px' },
  heading: { fontSize: '24px', lineHeight: '30px', color: colors.brandDark, margin: '0 0 16px', fontWeight: 700 },
  small: { fontSize: '13px', lineHeight: '18px', color: colors.muted, margin: '0' },
} satisfies Record<string, CSSProperties>;

export function MailLayout({
  words = ENGLISH,
  preview,
  heading,
  children,
  footer,
}: {
  words?: MailWords;
  preview: string;
  heading: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return h(
    Html,
    { lang: words.language },
    h(Head, null, h('meta', { name: 'color-scheme', content: 'light' }), h('meta', { name: 'supported-color-schemes', content: 'light' })),
    h(Preview, null, preview),
    h(
      Body,
      { style: { backgroundColor: '#f5f5f4', margin: 0, padding: '16px 8px', fontFamily: font } },
      h(
        Container,
        { style: { maxWidth: '560px', width: '100%', backgroundColor: '#ffffff', borderRadius: '12px', overflow: 'hidden' } },
        h(
          Section,
          { style: { backgroundColor: colors.brandDark, padding: '16px 24px' } },
          h(Text, { style: { color: '#ffffff', fontSize: '20px', fontWeight: 700, margin: 0, letterSpacing: '0.5px' } }, PRODUCT_NAME),
        ),
        h(Section, { style: { padding: '24px' } }, h(Heading, { as: 'h1', style: styles.heading }, heading), children),
        h(Hr, { style: { borderColor: colors.line, margin: '0' } }),
        h(
          Section,
          { style: { padding: '16px 24px' } },
          footer ?? null,
          h(Text, { style: styles.small }, words.t('mail.footer', { shop: PRODUCT_NAME })),
        ),
      ),
    ),
  );
}

/** The mail's one action, as a large button (and its address written out below it for clients that hide buttons). */
export function ActionButton({ href, label }: { href: string; label: string }) {
  return h(
    Section,
    { style: { margin: '8px 0 20px' } },
    h(
      Button,
      {
        href,
        style: {
          backgroundColor: colors.brand,
          color: '#ffffff',
          fontSize: '16px',
          fontWeight: 700,
          borderRadius: '8px',
          padding: '14px 22px',
          textDecoration: 'none',
          display: 'inline-block',
        },
      },
      label,
    ),
    h(Text, { style: { ...styles.small, marginTop: '12px', wordBreak: 'break-all' } }, 'Or open this address: ', href),
  );
}
