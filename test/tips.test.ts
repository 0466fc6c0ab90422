import { describe, expect, it } from 'vitest';
import { DEFAULT_TIP_SETTINGS, TIP_TEXTS, tipCents, tipChoiceSchema, tipSettingsSchema, type TipSettings } from '../src/shared/tips.ts';

const on: TipSettings = { ...DEFAULT_TIP_SETTINGS, enabled: true };

describe('tipCents: the tip from the customer’s choice, bounded', () => {
  it('gives no tip by default and refuses any tip while tips are off', () => {
    expect(tipCents({ kind: 'none' }, 3040, DEFAULT_TIP_SETTINGS)).toEqual({ ok: true, cents: 0 });
    expect(tipCents({ kind: 'percent', percent: 15 }, 3040, DEFAULT_TIP_SETTINGS)).toEqual({ ok: false, message: TIP_TEXTS.off });
    expect(tipCents({ kind: 'amount', amount: 2 }, 3040, DEFAULT_TIP_SETTINGS)).toEqual({ ok: false, message: TIP_TEXTS.off });
  });

  it('computes an offered percentage of the food, half a cent rounded up', () => {
    expect(tipCents({ kind: 'percent', percent: 15 }, 3040, on)).toEqual({ ok: true, cents: 456 });
    expect(tipCents({ kind: 'percent', percent: 10 }, 1005, on)).toEqual({ ok: true, cents: 101 });
    expect(tipCents({ kind: 'percent', percent: 20 }, 0, on)).toEqual({ ok: true, cents: 0 });
  });

  it('refuses a percentage the restaurant does not offer', () => {
    expect(tipCents({ kind: 'percent', percent: 90 }, 3040, on)).toEqual({ ok: false, message: TIP_TEXTS.notOffered });
    expect(tipCents({ kind: 'percent', percent: 12 }, 3040, on).ok).toBe(false);
  });

  it('takes an amount within its bounds only: never negative, at most half the food and $500', () => {
    expect(tipCents({ kind: 'amount', amount: 4.5 }, 3040, on)).toEqual({ ok: true, cents: 450 });
    expect(tipCents({ kind: 'amount', amount: -1 }, 3040, on)).toEqual({ ok: false, message: TIP_TEXTS.negative });
    expect(tipCents({ kind: 'amount', amount: 15.21 }, 3040, on)).toEqual({ ok: false, message: TIP_TEXTS.tooLarge('15.20') });
    expect(tipCents({ kind: 'amount', amount: 15.2 }, 3040, on)).toEqual({ ok: true, cents: 1520 });
    expect(tipCents({ kind: 'amount', amount: 501 }, 1_000_000, on)).toEqual({ ok: false, message: TIP_TEXTS.tooLarge('500.00') });
    expect(tipCents({ kind: 'amount', amount: 2 }, 3040, { ...on, allowAmount: false })).toEqual({ ok: false, message: TIP_TEXTS.notOffered });
  });

  it('refuses malformed choices and settings with their messages', () => {
    expect(tipChoiceSchema.safeParse({ kind: 'amount', amount: Number.POSITIVE_INFINITY }).success).toBe(false);
    expect(tipChoiceSchema.safeParse({ kind: 'percent', percent: 12.5 }).success).toBe(false);
    expect(tipChoiceSchema.safeParse({ kind: 'cents', cents: 100 }).success).toBe(false);
    const bad = (percents: number[]) => tipSettingsSchema.safeParse({ ...on, percents }).error?.issues[0]?.message;
    expect(bad([0])).toBe(TIP_TEXTS.percentRange);
    expect(bad([31])).toBe(TIP_TEXTS.percentRange);
    expect(bad([10, 10])).toBe(TIP_TEXTS.percentsUnique);
    expect(bad([5, 10, 15, 20, 25])).toBe(TIP_TEXTS.percentsAtMost);
    expect(tipSettingsSchema.parse(on)).toEqual(on);
  });
});
