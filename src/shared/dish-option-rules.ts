/**
 * Dish option rules without Zod (decision 0023), shared so the server and the web app check,
 * word and price choices alike. Money is integer cents; the API's dollar shapes are at the end,
 * their schemas in dish-options.ts.
 */

export const OPTION_GROUPS_MAX = 10;
export const OPTION_CHOICES_MAX = 20;
export const OPTION_NAME_MAX = 60;
/** An option adds at most this (in dollars) to a dish, far inside the dish's own bound. */
export const OPTION_PRICE_MAX = 1000;

export interface OptionChoice {
  id: string;
  name: string;
  priceCents: number;
}

/** A required group's first `min` choices are its default (what `POST /api/cart` without options takes). */
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

export function groupRuleText(group: Pick<OptionGroup, 'min' | 'max'>): string {
  const { min, max } = group;
  if (min === max) return min === 1 ? 'Choose one' : `Choose ${min}`;
  if (min === 0) return max === 1 ? 'Optional, at most one' : `Optional, up to ${max}`;
  return `Choose ${min} to ${max}`;
}

/** Checks against the dish's groups as they are now; answers in the dish's order, not the selection's. */
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

export function defaultSelection(groups: readonly OptionGroup[]): OptionSelection {
  const selection: OptionSelection = {};
  for (const group of groups) if (group.min > 0) selection[group.id] = group.choices.slice(0, group.min).map((choice) => choice.id);
  return selection;
}

/** To check a priced choice again against today's groups. */
export function selectionOf(chosen: readonly ChosenGroup[]): OptionSelection {
  return Object.fromEntries(chosen.map((group) => [group.groupId, group.choices.map((choice) => choice.id)]));
}

/** Order-independent: two cart entries of a dish are one line only when their keys match. */
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

export function choiceText(choice: Pick<OptionChoice, 'name' | 'priceCents'>): string {
  return `${choice.name}${plusPrice(choice.priceCents)}`;
}

/** One string per group, e.g. "Size: Large (+$2.00)"; the kitchen's ticket leaves prices out. */
export function chosenOptionLines(chosen: readonly ChosenGroup[], { prices = true }: { prices?: boolean } = {}): string[] {
  return chosen.map((group) => `${group.group}: ${group.choices.map((choice) => (prices ? choiceText(choice) : choice.name)).join(', ')}`);
}

/** For one-line places: the CSV export, a toast. */
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

export function readOptionGroups(json: string | null | undefined): OptionGroup[] {
  return json ? (JSON.parse(json) as OptionGroup[]) : [];
}

export function readChosen(json: string | null | undefined): ChosenGroup[] {
  return json ? (JSON.parse(json) as ChosenGroup[]) : [];
}
