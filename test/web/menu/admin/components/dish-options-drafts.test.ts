import { describe, expect, it } from 'vitest';
import { groupDrafts, newChoiceDraft, newGroupDraft, parseGroupDrafts, type GroupDraft } from '../../../../../src/web/menu/admin/components/dish-options-drafts.ts';
import type { ApiOptionGroup } from '../../../../../src/shared/dish-option-rules.ts';

/**
 * The item form's option groups as typed (src/web/menu/admin/components/dish-options-drafts.ts):
 * saved groups into text fields and back, checked with the server's own schema, each message
 * keyed by its field's path as the server's answer keys it.
 */
const SAVED: ApiOptionGroup[] = [
  { id: 'size', name: 'Size', min: 1, max: 1, choices: [{ id: 'small', name: 'Small', price: 0 }, { id: 'large', name: 'Large', price: 2.5 }] },
  { id: 'extras', name: 'Extras', min: 0, max: 2, choices: [{ id: 'nuts', name: 'Nuts', price: 1 }, { id: 'seeds', name: 'Seeds', price: 0.75 }] },
];

const group = (fields: Partial<GroupDraft>): GroupDraft => ({ ...newGroupDraft(), name: 'Size', ...fields });
const choice = (name: string, price = '0') => ({ ...newChoiceDraft(), name, price });

describe('new drafts', () => {
  it('start a group as "exactly one" with two empty choices, each row with its own key', () => {
    const draft = newGroupDraft();
    expect(draft).toMatchObject({ name: '', min: '1', max: '1' });
    expect(draft.choices).toEqual([expect.objectContaining({ name: '', price: '0' }), expect.objectContaining({ name: '', price: '0' })]);
    const keys = [draft.key, ...draft.choices.map((c) => c.key), newGroupDraft().key, newChoiceDraft().key];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('groupDrafts', () => {
  it('answers no groups for a dish without options', () => {
    expect(groupDrafts(undefined)).toEqual([]);
    expect(groupDrafts([])).toEqual([]);
  });

  it('shows saved groups as text, prices with two decimals, and keeps their ids', () => {
    const [size, extras] = groupDrafts(SAVED);
    expect(size).toMatchObject({ id: 'size', name: 'Size', min: '1', max: '1' });
    expect(size!.choices.map((c) => [c.id, c.name, c.price])).toEqual([
      ['small', 'Small', '0.00'],
      ['large', 'Large', '2.50'],
    ]);
    expect(extras).toMatchObject({ id: 'extras', min: '0', max: '2' });
    expect(extras!.choices.map((c) => c.price)).toEqual(['1.00', '0.75']);
    const keys = [size!, extras!].flatMap((g) => [g.key, ...g.choices.map((c) => c.key)]);
    expect(new Set(keys).size).toBe(6);
  });
});

describe('parseGroupDrafts', () => {
  it('sends the saved groups back as they were, ids included (a renamed choice stays the same choice)', () => {
    expect(parseGroupDrafts(groupDrafts(SAVED))).toEqual({ groups: SAVED, errors: {} });
  });

  it('sends a new group and its choices without ids, numbers as numbers and names trimmed', () => {
    const parsed = parseGroupDrafts([group({ name: ' Sauce ', min: '0', max: ' 2 ', choices: [choice('Tahini', '0.5'), choice('Pesto ', '1')] })]);
    expect(parsed).toEqual({
      groups: [{ name: 'Sauce', min: 0, max: 2, choices: [{ name: 'Tahini', price: 0.5 }, { name: 'Pesto', price: 1 }] }],
      errors: {},
    });
    expect(parsed.groups[0]).not.toHaveProperty('id');
    expect(parsed.groups[0]!.choices[0]).not.toHaveProperty('id');
  });

  it("keys each problem by its field's path inside the options, with the server's words, and sends nothing", () => {
    const parsed = parseGroupDrafts([
      group({ choices: [choice('Small'), choice('Large', 'abc')] }),
      group({ name: 'Extras', min: '', choices: [choice('Nuts')] }),
      group({ name: 'Sauce', min: '0', max: '3', choices: [choice('Tahini'), choice('tahini ')] }),
    ]);
    expect(parsed.groups).toEqual([]);
    expect(parsed.errors).toEqual({
      '0.choices.1.price': 'The extra price must be a number (0 for none)',
      '1.min': 'At least must be a whole number',
      '2.max': 'At most cannot be more than the 2 choices',
      '2.choices.1.name': 'Two choices have this name',
    });
  });

  it('keeps the first message of a field that breaks two rules', () => {
    // Below 0 and more than two decimals: the schema answers both, the field shows the first.
    expect(parseGroupDrafts([group({ choices: [choice('Small', '-0.555')] })]).errors).toEqual({ '0.choices.0.price': 'The extra price cannot be below 0' });
  });

  it('names two groups of the same name', () => {
    expect(parseGroupDrafts([group({ choices: [choice('Small')] }), group({ name: 'size', choices: [choice('Small')] })]).errors).toEqual({ '1.name': 'Two groups have this name' });
  });
});

describe('option names in other languages', () => {
  it('come from the administrator’s reading of a dish and go back with their groups and choices', () => {
    const saved = [{ ...SAVED[0]!, translations: { de: 'Größe' }, choices: [{ ...SAVED[0]!.choices[0]!, translations: { de: 'Klein' } }, SAVED[0]!.choices[1]!] }];
    const drafts = groupDrafts(saved);
    expect(drafts[0]!.translations).toEqual({ de: 'Größe' });
    expect(drafts[0]!.choices.map((c) => c.translations)).toEqual([{ de: 'Klein' }, undefined]);
    expect(parseGroupDrafts(drafts)).toEqual({ groups: saved, errors: {} });
  });
});
