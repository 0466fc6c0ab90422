import { ALLERGENS, DISH_TAGS, type Allergen, type DishTag } from '../../../shared/dish-labels.ts';
import type { MenuFilters as Filters } from '../../../shared/menu-search.ts';
import { useT } from '../../i18n/i18n.ts';
import { ALLERGEN_LABEL_IDS, DISH_TAG_LABEL_IDS } from './dish-labels.tsx';

/**
 * The order page's filters (docs/product.md §18): show only the dishes with every chosen tag, and
 * hide the dishes containing any chosen allergen. Folded away until opened; the button says how
 * many are on.
 */
export function MenuFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const count = value.tags.length + value.without.length;
  const t = useT();
  const toggle = <T extends string>(list: readonly T[], key: T) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]);
  return (
    <details className="mx-auto mt-4 w-full max-w-3xl rounded-xl bg-white shadow-sm ring-1 ring-stone-200 [&[open]>summary>span.chevron]:rotate-180">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold text-stone-800 [&::-webkit-details-marker]:hidden">
        <span>{t('menu.filters.title')}{count > 0 && <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">{t('menu.filters.on', { count })}</span>}</span>
        <span aria-hidden="true" className="chevron transition-transform">▾</span>
      </summary>
      <div className="grid gap-5 border-t border-stone-200 px-4 py-4 md:grid-cols-2">
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">{t('menu.filters.only')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {DISH_TAGS.map((tag: DishTag) => (
              <Choice key={tag} label={t(DISH_TAG_LABEL_IDS[tag])} checked={value.tags.includes(tag)} onChange={() => onChange({ ...value, tags: toggle(value.tags, tag) })} />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">{t('menu.filters.hide')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {ALLERGENS.map((allergen: Allergen) => (
              <Choice
                key={allergen}
                label={t(ALLERGEN_LABEL_IDS[allergen])}
                checked={value.without.includes(allergen)}
                onChange={() => onChange({ ...value, without: toggle(value.without, allergen) })}
              />
            ))}
          </div>
        </fieldset>
        {count > 0 && (
          <button type="button" onClick={() => onChange({ tags: [], without: [] })} className="justify-self-start text-sm font-semibold text-brand-800 underline md:col-span-2">
            {t('menu.filters.clear')}
          </button>
        )}
      </div>
    </details>
  );
}

function Choice({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label
      className={`inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full px-3 py-1 text-sm ring-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${
        checked ? 'bg-brand-800 text-white ring-brand-800' : 'bg-stone-50 text-stone-800 ring-stone-300 hover:bg-stone-100'
      }`}
    >
      <input type="checkbox" checked={checked} onChange={onChange} className="sr-only" />
      {label}
    </label>
  );
}
