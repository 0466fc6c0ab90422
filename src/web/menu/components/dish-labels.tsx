import { ALLERGEN_LABELS, DISH_TAG_LABELS, type Allergen, type DishTag } from '../../../shared/dish-labels.ts';

/**
 * A dish's tags and allergens, each as its icon with its words (docs/product.md §18): on the menu's
 * cards and on the dish page. Tags in green (spicy in red), allergens in amber under "Contains".
 */
export function DishLabels({ tags = [], allergens = [], className = '' }: { tags?: readonly DishTag[]; allergens?: readonly Allergen[]; className?: string }) {
  if (tags.length === 0 && allergens.length === 0) return null;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      {tags.length > 0 && (
        <ul aria-label="Dietary tags" className="flex flex-wrap justify-center gap-1.5">
          {tags.map((tag) => (
            <Label key={tag} icon={DISH_TAG_LABELS[tag].icon} words={DISH_TAG_LABELS[tag].label} tone={tag === 'spicy' ? 'hot' : 'diet'} />
          ))}
        </ul>
      )}
      {allergens.length > 0 && (
        <ul aria-label="Contains allergens" className="flex flex-wrap items-center justify-center gap-1.5">
          <li aria-hidden="true" className="text-xs font-semibold text-stone-600">
            Contains:
          </li>
          {allergens.map((allergen) => (
            <Label key={allergen} icon={ALLERGEN_LABELS[allergen].icon} words={ALLERGEN_LABELS[allergen].label} tone="allergen" />
          ))}
        </ul>
      )}
    </div>
  );
}

const TONES = {
  diet: { chip: 'bg-brand-50 text-brand-900 ring-brand-100', icon: 'bg-brand-700 text-white' },
  hot: { chip: 'bg-red-50 text-red-900 ring-red-100', icon: 'bg-red-700 text-white' },
  allergen: { chip: 'bg-amber-50 text-amber-950 ring-amber-200', icon: 'bg-amber-800 text-white' },
};

function Label({ icon, words, tone }: { icon: string; words: string; tone: keyof typeof TONES }) {
  return (
    <li className={`inline-flex items-center gap-1 rounded-full py-0.5 pl-0.5 pr-2 text-xs font-semibold ring-1 ${TONES[tone].chip}`}>
      <span aria-hidden="true" className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[10px] font-bold leading-none ${TONES[tone].icon}`}>
        {icon}
      </span>
      {words}
    </li>
  );
}

/** The mark of a dish the kitchen has run out of. */
export function SoldOutBadge() {
  return <p className="rounded bg-red-700 px-3 py-1 text-sm font-bold uppercase tracking-wide text-white">Sold out</p>;
}
