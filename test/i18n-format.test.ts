import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatNumber, formatTime } from '../src/shared/i18n/format.ts';
import { formatPrice } from '../src/shared/money.ts';
import { priceText } from '../src/web/menu/item-price.ts';

/** Money, numbers and dates by Intl in one place (issue 44, point 3), English as the spec shows it. */
describe('formatting by Intl', () => {
  it('keeps English prices as the spec shows them, "$ 14.50", and the plain decimals of totals and fields', () => {
    expect(priceText(14.5)).toBe('$ 14.50');
    expect(formatMoney(7, 'en')).toBe('$ 7.00');
    expect(formatMoney(1234.5, 'en')).toBe('$ 1234.50');
    expect(formatMoney(15.5, 'en', { spaced: false })).toBe('$15.50');
    expect([formatPrice(14.5), formatPrice(0.1 + 0.2), formatPrice(1234.5)]).toEqual(['14.50', '0.30', '1234.50']);
  });

  it('words money, numbers and times in German by its own rules', () => {
    expect(priceText(14.5, 'de')).toBe('14,50\u00a0$');
    expect(formatMoney(1234.5, 'de')).toBe('1.234,50\u00a0$');
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(formatDateTime('2026-11-28T17:36:00Z', 'de', 'Europe/Berlin')).toBe('28.11.2026, 18:36');
    expect(formatTime('2026-11-28T17:36:00Z', 'de', 'Europe/Berlin')).toBe('18:36');
  });

  it("reads a moment on the restaurant's clock, whatever the device's zone", () => {
    expect(formatTime('2026-11-28T17:36:00Z', 'en', 'Asia/Dhaka')).toBe('11:36 PM');
    expect(formatDateTime('2026-11-28T17:36:00Z', 'en', 'America/New_York')).toBe('Nov 28, 2026, 12:36 PM');
  });
});

describe('the lint rule on components', () => {
  const eslint = new ESLint();
  const messagesOf = async (code: string) => (await eslint.lintText(code, { filePath: 'src/web/menu/components/example.tsx' }))[0]!.messages.map((message) => message.message);

  it('refuses a hand-made price and a date built by hand or by the browser’s locale', async () => {
    expect(await messagesOf('export const Price = ({ price }: { price: number }) => <p>$ {price.toFixed(2)}</p>;\n')).toEqual([expect.stringMatching(/toFixed/)]);
    expect(await messagesOf("export const When = ({ at }: { at: Date }) => <p>{`${at.getDate()}/${at.getMonth() + 1}`}</p>;\n")).toHaveLength(2);
    expect(await messagesOf('export const When = ({ at }: { at: Date }) => <p>{at.toLocaleString()}</p>;\n')).toEqual([expect.stringMatching(/useFormat/)]);
  });

  it('lets a component format through useFormat', async () => {
    const code = "import { useFormat } from '../../i18n/format.ts';\n\nexport function Price({ price }: { price: number }) {\n  const format = useFormat();\n  return <p>{format.money(price)}</p>;\n}\n";
    expect(await messagesOf(code)).toEqual([]);
  });
});
