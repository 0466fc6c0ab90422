import { OPTION_NAME_MAX } from '../../../../shared/dish-option-rules.ts';
import { SOURCE_LANGUAGE } from '../../../../shared/i18n/languages.ts';
import { ITEM_NAME_MAX, ITEM_RECIPE_MAX, type ItemTranslations } from '../../../../shared/menu.ts';
import { LANGUAGE_NAMES } from '../../../i18n/i18n.ts';
import type { GroupDraft } from './dish-options-drafts.ts';

const inputClass = 'w-full rounded-md border border-stone-500 px-3 py-2 text-base focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/40';

/** The shop's languages other than English, which the dish's own fields hold. */
export const OTHER_LANGUAGES = Object.keys(LANGUAGE_NAMES).filter((language) => language !== SOURCE_LANGUAGE);

/**
 * The dish's name, details and option names in each of the shop's other languages (issue 44,
 * point 4): a fieldset per language, every field optional; an empty one shows the English text,
 * which its placeholder is. The options' names travel in their drafts, so a group keeps its
 * translations when it is moved or renamed. Labels start with the language ("Deutsch: dish name")
 * and never contain an English field's label, so each field's name stays its own.
 */
export function DishTranslationsFieldset({
  idPrefix,
  value,
  onChange,
  options,
  onOptionsChange,
  english,
}: {
  idPrefix: string;
  value: ItemTranslations;
  onChange: (next: ItemTranslations) => void;
  options: GroupDraft[];
  onOptionsChange: (next: GroupDraft[]) => void;
  english: { name: string; recipe: string };
}) {
  return (
    <>
      {OTHER_LANGUAGES.map((language) => {
        const id = (what: string) => `${idPrefix}-${language}-${what}`;
        const texts = value[language] ?? {};
        const set = (field: 'name' | 'recipe', text: string) => onChange({ ...value, [language]: { ...texts, [field]: text } });
        const setGroup = (g: number, group: GroupDraft) => onOptionsChange(options.map((other, i) => (i === g ? group : other)));
        const named = (translations: Record<string, string> | undefined, text: string) => ({ ...translations, [language]: text });
        return (
          <fieldset key={language} lang={language} className="flex min-w-0 flex-col gap-3 rounded-lg border border-stone-300 p-3 sm:p-4">
            <legend lang="en" className="px-1 text-sm font-semibold text-stone-800">
              <span lang={language}>{LANGUAGE_NAMES[language]}</span> (optional: empty fields show the English text)
            </legend>
            <div className="flex flex-col gap-1">
              <label htmlFor={id('name')} lang="en" className="text-sm font-semibold text-stone-800">
                <span lang={language}>{LANGUAGE_NAMES[language]}</span>: dish name
              </label>
              <input
                id={id('name')}
                name={`translations.${language}.name`}
                value={texts.name ?? ''}
                onChange={(e) => set('name', e.target.value)}
                maxLength={ITEM_NAME_MAX}
                autoComplete="off"
                placeholder={english.name}
                className={inputClass}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={id('recipe')} lang="en" className="text-sm font-semibold text-stone-800">
                <span lang={language}>{LANGUAGE_NAMES[language]}</span>: details
              </label>
              <textarea
                id={id('recipe')}
                name={`translations.${language}.recipe`}
                rows={4}
                value={texts.recipe ?? ''}
                onChange={(e) => set('recipe', e.target.value)}
                maxLength={ITEM_RECIPE_MAX}
                placeholder={english.recipe}
                className={inputClass}
              />
            </div>
            {options.map((group, g) => (
              <div key={group.key} className="flex flex-col gap-2">
                <label htmlFor={id(`group-${g}`)} lang="en" className="text-sm font-semibold text-stone-800">
                  <span lang={language}>{LANGUAGE_NAMES[language]}</span>: option group “{group.name || `${g + 1}`}”
                </label>
                <input
                  id={id(`group-${g}`)}
                  value={group.translations?.[language] ?? ''}
                  onChange={(e) => setGroup(g, { ...group, translations: named(group.translations, e.target.value) })}
                  maxLength={OPTION_NAME_MAX}
                  autoComplete="off"
                  placeholder={group.name}
                  className={inputClass}
                />
                <ul className="flex flex-col gap-2 pl-3 sm:pl-6">
                  {group.choices.map((choice, c) => (
                    <li key={choice.key} className="flex flex-col gap-1">
                      <label htmlFor={id(`group-${g}-choice-${c}`)} lang="en" className="text-sm text-stone-800">
                        <span lang={language}>{LANGUAGE_NAMES[language]}</span>: choice “{choice.name || `${c + 1}`}”
                      </label>
                      <input
                        id={id(`group-${g}-choice-${c}`)}
                        value={choice.translations?.[language] ?? ''}
                        onChange={(e) =>
                          setGroup(g, { ...group, choices: group.choices.map((other, j) => (j === c ? { ...choice, translations: named(choice.translations, e.target.value) } : other)) })
                        }
                        maxLength={OPTION_NAME_MAX}
                        autoComplete="off"
                        placeholder={choice.name}
                        className={inputClass}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </fieldset>
        );
      })}
    </>
  );
}
