import { ALLERGEN_LABELS, DISH_TAG_LABELS, type Allergen, type DishTag } from '../../../shared/dish-labels.ts';
import { useT } from '../../i18n/i18n.ts';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';

/**
 * A dish's tags and allergens, each as its icon with its words (docs/product.md §18): on the menu's
 * cards and on the dish page. Tags in green (spicy in red), allergens in amber under "Contains".
 */
/** Each label's words in the catalogue (the icons stay as they are in every language). */
export const DISH_TAG_LABEL_IDS: Record<DishTag, MessageId> = Object.fromEntries(Object.keys(DISH_TAG_LABELS).map((tag) => [tag, `menu.tag.${tag}`])) as Record<DishTag, MessageId>;
export const ALLERGEN_LABEL_IDS: Record<Allergen, MessageId> = Object.fromEntries(Object.keys(ALLERGEN_LABELS).map((allergen) => [allergen, `menu.allergen.${allergen}`])) as Record<Allergen, MessageId>;

export function DishLabels({ tags = [], allergens = [], className = '' }: { tags?: readonly DishTag[]; allergens?: readonly Allergen[]; className?: string }) {
  const t = useT();
  if (tags.length === 0 && allergens.length === 0) return null;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      {tags.length > 0 && (
        <ul aria-label={t('menu.labels.tags')} className="flex flex-wrap justify-center gap-1.5">
          {tags.map((tag) => (
            <Label key={tag} icon={DISH_TAG_LABELS[tag].icon} words={t(DISH_TAG_LABEL_IDS[tag])} tone={tag === 'spicy' ? 'hot' : 'diet'} />
          ))}
        </ul>
      )}
      {allergens.length > 0 && (
        <ul aria-label={t('menu.labels.allergens')} className="flex flex-wrap items-center justify-center gap-1.5">
          <li aria-hidden="true" className="text-xs font-semibold text-stone-600">
            {t('menu.labels.contains')}
          </li>
          {allergens.map((allergen) => (
            <Label key={allergen} icon={ALLERGEN_LABELS[allergen].icon} words={t(ALLERGEN_LABEL_IDS[allergen])} tone="allergen" />
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
  const t = useT();
  return <p className="rounded bg-red-700 px-3 py-1 text-sm font-bold uppercase tracking-wide text-white">{t('menu.card.soldOut')}</p>;
}
