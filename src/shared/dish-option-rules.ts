/**
 * A dish's options (docs/product.md §19, docs/decisions/0023-dish-options.md): the rules without
 * Zod, read by the server (cart, payment, order) and by the web app (the choice dialog, the cart,
 * the order pages), so both say and charge the same. Money is integer cents here; the API's
 * dollar shapes and their schemas are in dish-options.ts.
 */

export const OPTION_GROUPS_MAX = 10;
export const OPTION_CHOICES_MAX = 20;
export const OPTION_NAME_MAX = 60;
/** An option adds at most this (in dollars) to a dish, far inside the dish's own bound. */
export const OPTION_PRICE_MAX = 1000;

/** One choice of a group, as stored and priced: what it adds to the dish's price. */
export interface OptionChoice {
  id: string;
  name: string;
  priceCents: number;
}

/**
 * A group of choices with how many the customer picks: `min` 1 and `max` 1 is "exactly one"
 * (a size), `min` 0 and `max` 3 is "up to three" (extras). A required group's first `min` choices
 * are its default (what `POST /api/cart` without options takes).
 */
export interface OptionGroup {
  id: string;
  name: string;
  min: number;
  max: number;
  choices: OptionChoice[];
}

/** What the customer picked: choice ids per group id (a group left out picks nothing). */
export type OptionSelection = Record<string, string[]>;

/** One group of a priced choice, with names and prices as they were when priced. */
export interface ChosenGroup {
  groupId: string;
  group: string;
  choices: OptionChoice[];
}

export type SelectionCheck = { ok: true; chosen: ChosenGroup[]; extraCents: number } | { ok: false; error: string };

/** The words of a group's rule, under its name in the dialog and the editor. */
export function groupRuleText(group: Pick<OptionGroup, 'min' | 'max'>): string {
  const { min, max } = group;
  if (min === max) return min === 1 ? 'Choose one' : `Choose ${min}`;
  if (min === 0) return max === 1 ? 'Optional, at most one' : `Optional, up to ${max}`;
  return `Choose ${min} to ${max}`;
}

/**
 * Checks a selection against the dish's groups as they are now and prices it: every group and
 * choice must exist, each choice at most once, and each group between its min and max. Groups
 * are answered in the dish's order, choices in the group's order, whatever order they came in.
 */
export function checkSelection(groups: readonly OptionGroup[], selection: OptionSelection): SelectionCheck {
  const byId = new Map(groups.map((group) => [group.id, group]));
  for (const groupId of Object.keys(selection)) {
    if (!byId.has(groupId)) {
      return { ok: false, error: groups.length === 0 ? 'This dish has no options to choose' : 'One of the option groups you chose is no longer offered for this dish' };
    }
  }
  const chosen: ChosenGroup[] = [];
  let extraCents = 0;
  for (const group of groups) {
    const ids = selection[group.id] ?? [];
    if (new Set(ids).size !== ids.length) return { ok: false, error: `${group.name}: choose each option at most once` };
    const known = new Set(group.choices.map((choice) => choice.id));
    if (ids.some((id) => !known.has(id))) return { ok: false, error: `${group.name}: one of your choices is no longer offered` };
    if (ids.length < group.min || ids.length > group.max) return { ok: false, error: `${group.name}: ${countRuleError(group)}` };
    const picked = group.choices.filter((choice) => ids.includes(choice.id));
    if (picked.length > 0) chosen.push({ groupId: group.id, group: group.name, choices: picked });
    extraCents += picked.reduce((sum, choice) => sum + choice.priceCents, 0);
  }
  return { ok: true, chosen, extraCents };
}

function countRuleError({ min, max }: Pick<OptionGroup, 'min' | 'max'>): string {
  if (min === max) return min === 1 ? 'choose one' : `choose exactly ${min}`;
  if (min === 0) return `choose at most ${max}`;
  return `choose between ${min} and ${max}`;
}

/** The default choice: each required group's first `min` choices; optional groups pick nothing. */
export function defaultSelection(groups: readonly OptionGroup[]): OptionSelection {
  const selection: OptionSelection = {};
  for (const group of groups) if (group.min > 0) selection[group.id] = group.choices.slice(0, group.min).map((choice) => choice.id);
  return selection;
}

/** The ids of a priced choice, to check it again against today's groups. */
export function selectionOf(chosen: readonly ChosenGroup[]): OptionSelection {
  return Object.fromEntries(chosen.map((group) => [group.groupId, group.choices.map((choice) => choice.id)]));
}

/**
 * A key that is the same for the same choices in any order: two cart entries of a dish are one
 * line (and one order line) only when their keys match.
 */
export function selectionKey(selection: OptionSelection): string {
  return Object.keys(selection)
    .filter((groupId) => (selection[groupId] ?? []).length > 0)
    .sort()
    .map((groupId) => `${groupId}=${[...(selection[groupId] ?? [])].sort().join(',')}`)
    .join(';');
}

function plusPrice(cents: number): string {
  return cents === 0 ? '' : ` (+$${(cents / 100).toFixed(2)})`;
}

/** A choice in words: "Avocado (+$1.50)", or just the name when it costs nothing more. */
export function choiceText(choice: Pick<OptionChoice, 'name' | 'priceCents'>): string {
  return `${choice.name}${plusPrice(choice.priceCents)}`;
}

/**
 * The chosen options in words, one string per group: "Size: Large (+$2.00)", "Extras: Avocado
 * (+$1.50), Sesame". The cart, the order pages, the board and the mails show these; the kitchen's
 * ticket shows them without prices.
 */
export function chosenOptionLines(chosen: readonly ChosenGroup[], { prices = true }: { prices?: boolean } = {}): string[] {
  return chosen.map((group) => `${group.group}: ${group.choices.map((choice) => (prices ? choiceText(choice) : choice.name)).join(', ')}`);
}

/** The same on one line, groups apart by "; " (the CSV export, a toast). */
export function chosenOptionsText(chosen: readonly ChosenGroup[]): string {
  return chosenOptionLines(chosen).join('; ');
}

// ---- The API's shapes: the same with prices in dollars, as the rest of the API speaks ----

export interface ApiOptionChoice {
  id: string;
  name: string;
  /** What the choice adds to the dish's price, in dollars. */
  price: number;
}
export interface ApiOptionGroup {
  id: string;
  name: string;
  min: number;
  max: number;
  choices: ApiOptionChoice[];
}
export interface ApiChosenGroup {
  groupId: string;
  group: string;
  choices: ApiOptionChoice[];
}

const choiceToApi = (choice: OptionChoice): ApiOptionChoice => ({ id: choice.id, name: choice.name, price: choice.priceCents / 100 });
const choiceFromApi = (choice: ApiOptionChoice): OptionChoice => ({ id: choice.id, name: choice.name, priceCents: Math.round(choice.price * 100) });

export const groupsToApi = (groups: readonly OptionGroup[]): ApiOptionGroup[] => groups.map((group) => ({ ...group, choices: group.choices.map(choiceToApi) }));
export const groupsFromApi = (groups: readonly ApiOptionGroup[]): OptionGroup[] => groups.map((group) => ({ ...group, choices: group.choices.map(choiceFromApi) }));
export const chosenToApi = (chosen: readonly ChosenGroup[]): ApiChosenGroup[] => chosen.map((group) => ({ ...group, choices: group.choices.map(choiceToApi) }));
export const chosenFromApi = (chosen: readonly ApiChosenGroup[]): ChosenGroup[] => chosen.map((group) => ({ ...group, choices: group.choices.map(choiceFromApi) }));

/** A dish's groups from their stored JSON (null: none). */
export function readOptionGroups(json: string | null | undefined): OptionGroup[] {
  return json ? (JSON.parse(json) as OptionGroup[]) : [];
}

/** A cart entry's or an order line's chosen options from their stored JSON (null: none). */
export function readChosen(json: string | null | undefined): ChosenGroup[] {
  return json ? (JSON.parse(json) as ChosenGroup[]) : [];
}
