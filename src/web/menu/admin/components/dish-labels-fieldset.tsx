import { ALLERGENS, ALLERGEN_LABELS, DISH_TAGS, DISH_TAG_LABELS, type Allergen, type DishTag } from '../../../../shared/dish-labels.ts';
import { offerPriceProblem } from '../../../../shared/dish-availability.ts';
import { itemInputSchema } from '../../../../shared/menu.ts';
import { FieldError } from '../../../ui/field-error.tsx';

/** The offer price as typed ('' for no offer), and the chosen tags and allergens. */
export interface DishLabelsValue {
  newPrice: string;
  tags: DishTag[];
  allergens: Allergen[];
}

export const NO_DISH_LABELS: DishLabelsValue = { newPrice: '', tags: [], allergens: [] };

/**
 * The offer price and labels of the Add and Update item form, checked with the server's own rules:
 * answers the body's fields (`newPrice: null` takes an offer away) or the offer's problem.
 */
export function dishLabelsInput(value: DishLabelsValue, price: number | undefined): { input: { newPrice: number | null; tags: DishTag[]; allergens: Allergen[] } } | { error: string } {
  const typed = value.newPrice.trim();
  let newPrice: number | null = null;
  if (typed !== '') {
    const parsed = itemInputSchema.shape.newPrice.safeParse(Number.isNaN(Number(typed)) ? typed : Number(typed));
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Enter the offer price as a number' };
    newPrice = parsed.data ?? null;
  }
  const problem = price === undefined ? undefined : offerPriceProblem(price, newPrice);
  if (problem) return { error: problem };
  return { input: { newPrice, tags: value.tags, allergens: value.allergens } };
}

/**
 * The offer price (the menu's "New Price"), the dietary tags and the EU's 14 allergens of a dish
 * (docs/product.md §18), as a fieldset of the item form.
 */
export function DishLabelsFieldset({
  idPrefix,
  value,
  onChange,
  newPriceError,
}: {
  idPrefix: string;
  value: DishLabelsValue;
  onChange: (next: DishLabelsValue) => void;
  newPriceError?: string;
}) {
  const toggle = <T extends string>(list: readonly T[], key: T) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]);
  const priceId = `${idPrefix}-newPrice`;
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={priceId} className="text-sm font-semibold text-stone-800">
          Special offer (optional)
        </label>
        <p id={`${priceId}-hint`} className="text-sm text-stone-600">
          Customers pay this instead of the price, shown as &ldquo;New Price&rdquo;. Leave it empty for no offer.
        </p>
        <div className="relative sm:max-w-xs">
          <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-500">
            $
          </span>
          <input
            id={priceId}
            name="newPrice"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            value={value.newPrice}
            onChange={(e) => onChange({ ...value, newPrice: e.target.value })}
            aria-invalid={newPriceError ? true : undefined}
            aria-describedby={[`${priceId}-hint`, newPriceError ? `${priceId}-error` : ''].filter(Boolean).join(' ')}
            placeholder="No offer"
            className={`w-full rounded-md border px-3 py-2 pl-7 text-base focus:outline-none focus:ring-2 focus:ring-brand-600/40 ${
              newPriceError ? 'border-red-600' : 'border-stone-500 focus:border-brand-700'
            }`}
          />
        </div>
        <FieldError id={`${priceId}-error`} message={newPriceError} />
      </div>
      <fieldset className="rounded-lg border border-stone-200 p-3">
        <legend className="px-1 text-sm font-semibold text-stone-800">Dietary tags</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {DISH_TAGS.map((tag) => (
            <Check key={tag} label={DISH_TAG_LABELS[tag].label} icon={DISH_TAG_LABELS[tag].icon} checked={value.tags.includes(tag)} onChange={() => onChange({ ...value, tags: toggle(value.tags, tag) })} />
          ))}
        </div>
      </fieldset>
      <fieldset className="rounded-lg border border-stone-200 p-3">
        <legend className="px-1 text-sm font-semibold text-stone-800">Allergens it contains</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {ALLERGENS.map((allergen) => (
            <Check
              key={allergen}
              label={ALLERGEN_LABELS[allergen].label}
              icon={ALLERGEN_LABELS[allergen].icon}
              checked={value.allergens.includes(allergen)}
              onChange={() => onChange({ ...value, allergens: toggle(value.allergens, allergen) })}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}

function Check({ label, icon, checked, onChange }: { label: string; icon: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-stone-800">
      <input type="checkbox" checked={checked} onChange={onChange} className="h-4 w-4 accent-brand-700" />
      <span aria-hidden="true" className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-stone-700 px-1 text-[10px] font-bold text-white">
        {icon}
      </span>
      {label}
    </label>
  );
}
