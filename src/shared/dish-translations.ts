import type { ChosenGroup, OptionGroup } from './dish-option-rules.ts';
import type { AdminOptionGroup } from './dish-options.ts';
import type { Language } from './i18n/languages.ts';
import type { AdminMenuItem, ItemInput, ItemTranslations, MenuItem } from './menu.ts';

/**
 * A dish's texts in one language other than English (issue 44, point 4), as stored in its
 * `translations` column. Option names are kept by id, so a renamed or reordered option keeps its
 * translation; choices by `groupId/choiceId`, as a choice's id is unique within its group only.
 */
export interface DishTranslation {
  name?: string;
  recipe?: string;
  groups?: Record<string, string>;
  choices?: Record<string, string>;
}

/** By language code ("de"); a language a dish lacks, or an empty text, reads the English one. */
export type DishTranslations = Record<Language, DishTranslation>;

const choiceKey = (groupId: string, choiceId: string) => `${groupId}/${choiceId}`;

export function readDishTranslations(json: string | null | undefined): DishTranslations {
  return json ? (JSON.parse(json) as DishTranslations) : {};
}

/** The column's value: empty texts left out (they fall back to English); null when none is left. */
export function dishTranslationsColumn(translations: DishTranslations): string | null {
  const kept: DishTranslations = {};
  for (const [language, texts] of Object.entries(translations)) {
    const entry: DishTranslation = {};
    if (texts.name) entry.name = texts.name;
    if (texts.recipe) entry.recipe = texts.recipe;
    const groups = Object.entries(texts.groups ?? {}).filter(([, name]) => name);
    if (groups.length > 0) entry.groups = Object.fromEntries(groups);
    const choices = Object.entries(texts.choices ?? {}).filter(([, name]) => name);
    if (choices.length > 0) entry.choices = Object.fromEntries(choices);
    if (Object.keys(entry).length > 0) kept[language] = entry;
  }
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
}

/** Every language an item's input names, in its texts and in its options' names. */
export function inputLanguages(input: Pick<ItemInput, 'translations' | 'options'>): Language[] {
  const languages = new Set(Object.keys(input.translations ?? {}));
  for (const group of input.options ?? []) {
    for (const language of Object.keys(group.translations ?? {})) languages.add(language);
    for (const choice of group.choices) for (const language of Object.keys(choice.translations ?? {})) languages.add(language);
  }
  return [...languages];
}

/**
 * What a write stores: the name and description from the input when it sends `translations`, else
 * the dish's `current` ones; the option names from the input's options when it sends them (their
 * stored `groups`, in the input's order, give the ids), else the current ones.
 */
export function translationsOfInput(input: Pick<ItemInput, 'translations' | 'options'>, groups: readonly OptionGroup[] | undefined, current: DishTranslations): DishTranslations {
  const result: DishTranslations = {};
  const entry = (language: Language) => (result[language] ??= {});
  for (const [language, texts] of Object.entries(input.translations ?? current)) {
    if (texts.name) entry(language).name = texts.name;
    if (texts.recipe) entry(language).recipe = texts.recipe;
  }
  if (!input.options || !groups) {
    for (const [language, texts] of Object.entries(current)) {
      if (texts.groups) entry(language).groups = texts.groups;
      if (texts.choices) entry(language).choices = texts.choices;
    }
    return result;
  }
  input.options.forEach((groupInput, g) => {
    const group = groups[g]!;
    for (const [language, name] of Object.entries(groupInput.translations ?? {})) (entry(language).groups ??= {})[group.id] = name;
    groupInput.choices.forEach((choiceInput, c) => {
      for (const [language, name] of Object.entries(choiceInput.translations ?? {})) (entry(language).choices ??= {})[choiceKey(group.id, group.choices[c]!.id)] = name;
    });
  });
  return result;
}

/** A public dish in one language: each text it has there, the English one where it has none. */
export function translateItem(item: MenuItem, texts: DishTranslation | undefined): MenuItem {
  if (!texts) return item;
  const translated: MenuItem = { ...item, name: texts.name || item.name, recipe: texts.recipe || item.recipe };
  if (item.options) {
    translated.options = item.options.map((group) => ({
      ...group,
      name: texts.groups?.[group.id] || group.name,
      choices: group.choices.map((choice) => ({ ...choice, name: texts.choices?.[choiceKey(group.id, choice.id)] || choice.name })),
    }));
  }
  return translated;
}

/**
 * An entry's chosen options in one language (a cart's): each group's and choice's name there, the
 * name it was chosen by where it has none.
 */
export function translateChosen(chosen: readonly ChosenGroup[], texts: DishTranslation | undefined): ChosenGroup[] {
  if (!texts) return [...chosen];
  return chosen.map((group) => ({
    ...group,
    group: texts.groups?.[group.groupId] || group.group,
    choices: group.choices.map((choice) => ({ ...choice, name: texts.choices?.[choiceKey(group.groupId, choice.id)] || choice.name })),
  }));
}

/** Whether any dish has a text in `language`: else that language's menu is the English one. */
export function anyTranslated(all: readonly DishTranslations[], language: Language): boolean {
  return all.some((translations) => translations[language] !== undefined);
}

/** The administrator's reading of a dish: English, with each language's texts beside, as the form sends them. */
export function withTranslations(item: MenuItem, translations: DishTranslations): AdminMenuItem {
  const admin: AdminMenuItem = { ...item };
  const texts: ItemTranslations = {};
  for (const [language, { name, recipe }] of Object.entries(translations)) {
    if (name || recipe) texts[language] = { ...(name && { name }), ...(recipe && { recipe }) };
  }
  if (Object.keys(texts).length > 0) admin.translations = texts;
  if (item.options) {
    const namesOf = (pick: (texts: DishTranslation) => string | undefined) => {
      const names: Record<Language, string> = {};
      for (const [language, texts] of Object.entries(translations)) {
        const name = pick(texts);
        if (name) names[language] = name;
      }
      return Object.keys(names).length > 0 ? { translations: names } : {};
    };
    admin.options = item.options.map(
      (group): AdminOptionGroup => ({
        ...group,
        ...namesOf((texts) => texts.groups?.[group.id]),
        choices: group.choices.map((choice) => ({ ...choice, ...namesOf((texts) => texts.choices?.[choiceKey(group.id, choice.id)]) })),
      }),
    );
  }
  return admin;
}
