import { useId, useMemo, useState, type FormEvent } from 'react';
import { dishPriceCents } from '../../../shared/cart-constants.ts';
import {
  checkSelection,
  defaultSelection,
  groupsFromApi,
  type OptionGroup,
  type OptionSelection,
} from '../../../shared/dish-option-rules.ts';
import type { MenuItem } from '../../../shared/menu.ts';
import { centsToPrice, priceToCents } from '../../../shared/money.ts';
import type { Translate } from '../../../shared/i18n/catalogue.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { useAddToCart } from '../../cart/api/cart-api.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';

/** "Exactly one" is a radio group; every other rule is checkboxes, the rest locked once the most are ticked. */
const isRadio = (group: OptionGroup) => group.min === 1 && group.max === 1;

/** A group's rule in the reader's language ("Choose one", "Optional, up to 3"). */
function ruleText(t: Translate, { min, max }: Pick<OptionGroup, 'min' | 'max'>): string {
  if (min === max) return min === 1 ? t('dishOptions.rule.one') : t('dishOptions.rule.exactly', { count: min });
  if (min === 0) return max === 1 ? t('dishOptions.rule.atMostOne') : t('dishOptions.rule.upTo', { max });
  return t('dishOptions.rule.between', { min, max });
}

/** The first group whose count of choices breaks its rule, as the server words it, in the reader's language. */
function countError(t: Translate, groups: readonly OptionGroup[], selection: OptionSelection): string | undefined {
  const group = groups.find((g) => (selection[g.id] ?? []).length < g.min || (selection[g.id] ?? []).length > g.max);
  if (!group) return undefined;
  const { min, max, name } = group;
  if (min === max) return min === 1 ? t('dishOptions.error.one', { group: name }) : t('dishOptions.error.exactly', { group: name, count: min });
  if (min === 0) return t('dishOptions.error.atMost', { group: name, max });
  return t('dishOptions.error.between', { group: name, min, max });
}

/**
 * Starts at the dish's default, what POST /api/cart without options would take. The server
 * re-checks and re-prices; its refusal is shown here and the dialog stays open.
 */
export function DishOptionsDialog({ item, onClose }: { item: MenuItem; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const groups = useMemo(() => groupsFromApi(item.options ?? []), [item.options]);
  const [selection, setSelection] = useState<OptionSelection>(() => defaultSelection(groups));
  const [error, setError] = useState<string | null>(null);
  const add = useAddToCart();
  const toast = useToast();

  const baseCents = dishPriceCents({ priceCents: priceToCents(item.price), newPriceCents: item.newPrice === undefined ? null : priceToCents(item.newPrice) });
  const extraCents = groups.reduce(
    (sum, group) => sum + group.choices.filter((choice) => selection[group.id]?.includes(choice.id)).reduce((s, choice) => s + choice.priceCents, 0),
    0,
  );
  const total = format.money(centsToPrice(baseCents + extraCents), { spaced: false });

  function toggle(group: OptionGroup, choiceId: string, on: boolean) {
    setError(null);
    setSelection((current) => {
      const picked = current[group.id] ?? [];
      const next = isRadio(group) ? [choiceId] : on ? [...picked, choiceId] : picked.filter((idOf) => idOf !== choiceId);
      return { ...current, [group.id]: next };
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const check = checkSelection(groups, selection);
    if (!check.ok) {
      setError(countError(t, groups, selection) ?? check.error);
      return;
    }
    try {
      await add.mutateAsync({ itemId: item._id, options: selection });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('dishOptions.failed'));
      return;
    }
    toast.success(t('dishOptions.added', { name: item.name }));
    onClose();
  }

  return (
    <ModalDialog title={t('dishOptions.title', { name: item.name })} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-5">
        {groups.map((group) => {
          const picked = selection[group.id] ?? [];
          const full = picked.length >= group.max;
          return (
            <fieldset key={group.id} aria-describedby={`${id}-${group.id}-rule`} className="flex flex-col gap-1">
              <legend className="text-lg font-semibold text-stone-900">{group.name}</legend>
              <p id={`${id}-${group.id}-rule`} className="text-sm text-stone-600">
                {ruleText(t, group)}
              </p>
              {group.choices.map((choice) => {
                const checked = picked.includes(choice.id);
                return (
                  <label
                    key={choice.id}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1 hover:bg-stone-100 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                  >
                    <input
                      type={isRadio(group) ? 'radio' : 'checkbox'}
                      name={`${id}-${group.id}`}
                      value={choice.id}
                      checked={checked}
                      disabled={!isRadio(group) && !checked && full}
                      onChange={(event) => toggle(group, choice.id, event.target.checked)}
                      className="h-5 w-5 accent-brand-700"
                    />
                    <span className="flex-1 text-stone-900">{choice.name}</span>
                    {choice.priceCents > 0 && <span className="whitespace-nowrap text-stone-700">{t('dishOptions.extra', { amount: format.money(centsToPrice(choice.priceCents), { spaced: false }) })}</span>}
                  </label>
                );
              })}
            </fieldset>
          );
        })}

        <p className="flex justify-between border-t border-stone-200 pt-3 text-lg font-bold text-stone-900">
          <span>{t('dishOptions.price')}</span>
          <span data-testid="options-price" aria-live="polite">
            {total}
          </span>
        </p>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-md px-4 py-2 font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {t('dishOptions.cancel')}
          </button>
          <button
            type="submit"
            disabled={add.isPending}
            className="rounded-md bg-brand-800 px-5 py-2 font-bold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:bg-stone-400"
          >
            {add.isPending ? t('dishOptions.adding') : t('dishOptions.submit', { total })}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
