import { z } from 'zod';
import {
  OPTION_CHOICES_MAX,
  OPTION_GROUPS_MAX,
  OPTION_NAME_MAX,
  OPTION_PRICE_MAX,
  type ApiChosenGroup,
  type ApiOptionGroup,
  type OptionGroup,
} from './dish-option-rules.ts';

export * from './dish-option-rules.ts';

/** Schemas of dish options (decision 0023); the Zod-free rules are in dish-option-rules.ts. */

/** Server-given and kept across edits, so cart entries still find their choices. */
export const optionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Not an option id of this shop');

const optionName = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(OPTION_NAME_MAX, `${what} must be at most ${OPTION_NAME_MAX} characters`);

/**
 * A language of a dish's translations: a catalogue's code ("de"). The server checks it is one the
 * shop offers, and not English, which is the dish's own fields (menu-admin-service.ts).
 */
export const translationLanguageSchema = z.string().regex(/^[a-z]{2,3}$/, 'A language is a code such as de');

/** An option's name per language other than English; an empty one falls back to the English name. */
const optionNameTranslations = z
  .record(translationLanguageSchema, z.string({ error: 'A translated name is text' }).trim().max(OPTION_NAME_MAX, `A name must be at most ${OPTION_NAME_MAX} characters`))
  .optional();

const twoDecimals = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

const choiceInputSchema = z.object({
  id: optionIdSchema.optional(),
  name: optionName('Choice name'),
  translations: optionNameTranslations,
  price: z
    .number({ error: 'The extra price must be a number (0 for none)' })
    .min(0, 'The extra price cannot be below 0')
    .max(OPTION_PRICE_MAX, `The extra price must be at most ${OPTION_PRICE_MAX}`)
    .refine(twoDecimals, 'The extra price may have at most two decimals'),
});

const count = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be below 0`)
    .max(OPTION_CHOICES_MAX, `${what} must be at most ${OPTION_CHOICES_MAX}`);

/** Names must differ (case aside) among siblings: a customer could not tell two "Large" apart. */
function sameNames(names: string[]): number[] {
  const seen = new Set<string>();
  return names.flatMap((name, i) => {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return [i];
    seen.add(key);
    return [];
  });
}

const groupInputSchema = z
  .object({
    id: optionIdSchema.optional(),
    name: optionName('Group name'),
    translations: optionNameTranslations,
    min: count('At least'),
    max: count('At most').min(1, 'At most must be 1 or more'),
    choices: z.array(choiceInputSchema).min(1, 'Give the group at least one choice').max(OPTION_CHOICES_MAX, `A group has at most ${OPTION_CHOICES_MAX} choices`),
  })
  .superRefine((group, ctx) => {
    if (group.min > group.max) ctx.addIssue({ code: 'custom', path: ['min'], message: 'At least cannot be more than at most' });
    if (group.max > group.choices.length) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: `At most cannot be more than the ${group.choices.length} choice${group.choices.length === 1 ? '' : 's'}` });
    }
    for (const i of sameNames(group.choices.map((c) => c.name))) ctx.addIssue({ code: 'custom', path: ['choices', i, 'name'], message: 'Two choices have this name' });
    const ids = group.choices.flatMap((c) => (c.id ? [c.id] : []));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Two choices have the same id' });
  });

export const optionGroupsInputSchema = z
  .array(groupInputSchema)
  .max(OPTION_GROUPS_MAX, `A dish has at most ${OPTION_GROUPS_MAX} option groups`)
  .superRefine((groups, ctx) => {
    for (const i of sameNames(groups.map((g) => g.name))) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Two groups have this name' });
    const ids = groups.flatMap((g) => (g.id ? [g.id] : []));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'Two groups have the same id' });
  });
export type OptionGroupsInput = z.infer<typeof optionGroupsInputSchema>;

export function toOptionGroups(input: OptionGroupsInput, newId: () => string): OptionGroup[] {
  return input.map((group) => ({
    id: group.id ?? newId(),
    name: group.name,
    min: group.min,
    max: group.max,
    choices: group.choices.map((choice) => ({ id: choice.id ?? newId(), name: choice.name, priceCents: Math.round(choice.price * 100) })),
  }));
}

const apiChoiceSchema = z.object({ id: z.string(), name: z.string(), price: z.number() });

export const apiOptionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  choices: z.array(apiChoiceSchema),
});
const _sameGroup: z.ZodType<ApiOptionGroup> = apiOptionGroupSchema;

/** The administrator's reading of a dish's groups: each name's translations beside it, as the input takes them. */
export const adminOptionGroupSchema = apiOptionGroupSchema.extend({
  translations: z.record(z.string(), z.string()).optional(),
  choices: z.array(apiChoiceSchema.extend({ translations: z.record(z.string(), z.string()).optional() })),
});
export type AdminOptionGroup = z.infer<typeof adminOptionGroupSchema>;

export const apiChosenGroupSchema = z.object({ groupId: z.string(), group: z.string(), choices: z.array(apiChoiceSchema) });
const _sameChosen: z.ZodType<ApiChosenGroup> = apiChosenGroupSchema;

/** Absent in POST /api/cart means the dish's default; present means exactly this, checked against the dish. */
export const optionSelectionSchema = z
  .record(optionIdSchema, z.array(optionIdSchema).max(OPTION_CHOICES_MAX, 'Too many choices in one group'))
  .refine((selection) => Object.keys(selection).length <= OPTION_GROUPS_MAX, 'Too many option groups');
