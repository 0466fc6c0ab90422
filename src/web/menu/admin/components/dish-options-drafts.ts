import type { ApiOptionGroup } from '../../../../shared/dish-option-rules.ts';
import { optionGroupsInputSchema, type AdminOptionGroup, type OptionGroupsInput } from '../../../../shared/dish-options.ts';

/**
 * The option groups as the item form edits them: text as typed, and a key per row for React. The
 * ids of saved groups and choices travel with them, so the server keeps them (a cart entry's
 * choice stays the same choice after a rename).
 */
export interface ChoiceDraft {
  key: string;
  id?: string;
  name: string;
  price: string;
  /** The name in the shop's other languages, by code (dish-translations-fieldset.tsx). */
  translations?: Record<string, string>;
}
export interface GroupDraft {
  key: string;
  id?: string;
  name: string;
  min: string;
  max: string;
  choices: ChoiceDraft[];
  translations?: Record<string, string>;
}

let counter = 0;
const nextKey = () => `draft-${++counter}`;

export const newChoiceDraft = (): ChoiceDraft => ({ key: nextKey(), name: '', price: '0' });
/** A new group starts as "exactly one" with two empty choices: the commonest kind, a size. */
export const newGroupDraft = (): GroupDraft => ({ key: nextKey(), name: '', min: '1', max: '1', choices: [newChoiceDraft(), newChoiceDraft()] });

export function groupDrafts(groups: readonly (ApiOptionGroup | AdminOptionGroup)[] | undefined): GroupDraft[] {
  return (groups ?? []).map((group) => ({
    key: nextKey(),
    id: group.id,
    name: group.name,
    min: String(group.min),
    max: String(group.max),
    choices: group.choices.map((choice) => ({
      key: nextKey(),
      id: choice.id,
      name: choice.name,
      price: choice.price.toFixed(2),
      ...('translations' in choice && choice.translations && { translations: choice.translations }),
    })),
    ...('translations' in group && group.translations && { translations: group.translations }),
  }));
}

const number = (text: string): number | string => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));

/**
 * The drafts checked with the server's own schema: the groups to send, or each field's message
 * keyed by its path inside the options ("0.choices.1.price"), as the server's answer keys them
 * after "options.".
 */
export function parseGroupDrafts(drafts: readonly GroupDraft[]): { groups: OptionGroupsInput; errors: Record<string, string> } {
  const parsed = optionGroupsInputSchema.safeParse(
    drafts.map((group) => ({
      ...(group.id && { id: group.id }),
      name: group.name,
      ...(group.translations && { translations: group.translations }),
      min: number(group.min),
      max: number(group.max),
      choices: group.choices.map((choice) => ({
        ...(choice.id && { id: choice.id }),
        name: choice.name,
        ...(choice.translations && { translations: choice.translations }),
        price: number(choice.price),
      })),
    })),
  );
  if (parsed.success) return { groups: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { groups: [], errors };
}
