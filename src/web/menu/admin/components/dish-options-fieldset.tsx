import { useId } from 'react';
import { groupRuleText, OPTION_CHOICES_MAX, OPTION_GROUPS_MAX, OPTION_NAME_MAX } from '../../../../shared/dish-option-rules.ts';
import { newChoiceDraft, newGroupDraft, type ChoiceDraft, type GroupDraft } from './dish-options-drafts.ts';
import { FieldError } from '../../../ui/field-error.tsx';

const inputBase = 'w-full rounded-md border px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-brand-600/40';
const inputClass = (error: string | undefined) => `${inputBase} ${error ? 'border-red-600' : 'border-stone-500 focus:border-brand-700'}`;
const smallButton =
  'rounded-md px-3 py-1.5 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The options of a dish in Add and Update item (docs/product.md §19): groups of choices, each
 * with how many a customer picks (at least / at most) and what each choice adds to the price.
 * Errors come keyed by their path inside the options, from the browser's check or the server's.
 */
export function DishOptionsFieldset({
  id,
  value,
  onChange,
  errors,
}: {
  id: string;
  value: GroupDraft[];
  onChange: (next: GroupDraft[]) => void;
  errors: Record<string, string>;
}) {
  const setGroup = (index: number, group: GroupDraft) => onChange(value.map((g, i) => (i === index ? group : g)));
  return (
    <fieldset id={id} className="flex flex-col gap-3 rounded-lg border border-stone-300 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-stone-800">Options (optional)</legend>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        Choices a customer makes when adding the dish, such as a size (at least 1, at most 1) or extras (at least 0, at most 3). In a
        group that needs a choice, the first choice is the default.
      </p>
      <FieldError id={`${id}-error`} message={errors['']} />
      {value.map((group, index) => (
        <GroupEditor
          key={group.key}
          index={index}
          group={group}
          errors={errors}
          onChange={(next) => setGroup(index, next)}
          onRemove={() => onChange(value.filter((_, i) => i !== index))}
        />
      ))}
      <button
        type="button"
        disabled={value.length >= OPTION_GROUPS_MAX}
        onClick={() => onChange([...value, newGroupDraft()])}
        className={`${smallButton} self-start bg-brand-50 text-brand-900 ring-brand-200 hover:bg-brand-100`}
      >
        + Add an option group
      </button>
    </fieldset>
  );
}

function GroupEditor({
  index,
  group,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  group: GroupDraft;
  errors: Record<string, string>;
  onChange: (next: GroupDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const at = (path: string) => errors[`${index}.${path}`];
  const label = group.name.trim() || `group ${index + 1}`;
  const min = Number(group.min);
  const max = Number(group.max);
  const rule = Number.isInteger(min) && Number.isInteger(max) && min <= max && max > 0 ? groupRuleText({ min, max }) : '';
  const setChoice = (i: number, choice: ChoiceDraft) => onChange({ ...group, choices: group.choices.map((c, j) => (j === i ? choice : c)) });
  const moveUp = (i: number) => {
    const choices = [...group.choices];
    [choices[i - 1], choices[i]] = [choices[i]!, choices[i - 1]!];
    onChange({ ...group, choices });
  };

  return (
    <div role="group" aria-label={`Option group ${index + 1}`} data-testid="option-group" className="flex flex-col gap-3 rounded-md bg-stone-50 p-3 ring-1 ring-stone-200">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_7rem_7rem]">
        <Field id={`${id}-name`} label="Group name" error={at('name')} className="col-span-2 sm:col-span-1">
          <input
            id={`${id}-name`}
            value={group.name}
            maxLength={OPTION_NAME_MAX}
            placeholder="Size"
            onChange={(e) => onChange({ ...group, name: e.target.value })}
            aria-invalid={at('name') ? true : undefined}
            aria-describedby={at('name') ? `${id}-name-error` : undefined}
            className={inputClass(at('name'))}
          />
        </Field>
        <Field id={`${id}-min`} label="At least" error={at('min')}>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={group.min}
            onChange={(e) => onChange({ ...group, min: e.target.value })}
            aria-invalid={at('min') ? true : undefined}
            aria-describedby={[at('min') ? `${id}-min-error` : '', `${id}-rule`].join(' ').trim()}
            className={inputClass(at('min'))}
          />
        </Field>
        <Field id={`${id}-max`} label="At most" error={at('max')}>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={group.max}
            onChange={(e) => onChange({ ...group, max: e.target.value })}
            aria-invalid={at('max') ? true : undefined}
            aria-describedby={[at('max') ? `${id}-max-error` : '', `${id}-rule`].join(' ').trim()}
            className={inputClass(at('max'))}
          />
        </Field>
      </div>
      <p id={`${id}-rule`} className="text-sm text-stone-600" aria-live="polite">
        {rule && `Customers see: ${rule}`}
      </p>

      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-stone-800">Choices and what each adds to the price</p>
        {at('choices') && <p className="text-sm font-medium text-red-700">{at('choices')}</p>}
        {group.choices.map((choice, i) => {
          const nameError = at(`choices.${i}.name`);
          const priceError = at(`choices.${i}.price`);
          const choiceLabel = choice.name.trim() || `choice ${i + 1}`;
          return (
            <div key={choice.key} className={`flex flex-col gap-1 ${i > 0 ? 'border-t border-stone-200 pt-2 sm:border-0 sm:pt-0' : ''}`}>
              <div className="flex flex-wrap items-center gap-2">
                <input
                  value={choice.name}
                  maxLength={OPTION_NAME_MAX}
                  placeholder={i === 0 ? 'Small' : 'Large'}
                  aria-label={`Choice ${i + 1} of ${label}`}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${id}-c${i}-error` : undefined}
                  onChange={(e) => setChoice(i, { ...choice, name: e.target.value })}
                  className={`${inputClass(nameError)} min-w-0 flex-1 basis-40`}
                />
                <div className="relative w-28">
                  <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-500">
                    +$
                  </span>
                  <input
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min="0"
                    value={choice.price}
                    aria-label={`Extra price of ${choiceLabel}`}
                    aria-invalid={priceError ? true : undefined}
                    aria-describedby={priceError ? `${id}-c${i}-error` : undefined}
                    onChange={(e) => setChoice(i, { ...choice, price: e.target.value })}
                    className={`${inputClass(priceError)} pl-8`}
                  />
                </div>
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => moveUp(i)}
                  aria-label={`Move ${choiceLabel} up`}
                  className={`${smallButton} bg-white text-stone-700 ring-stone-300 hover:bg-stone-100`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={group.choices.length <= 1}
                  onClick={() => onChange({ ...group, choices: group.choices.filter((_, j) => j !== i) })}
                  aria-label={`Remove ${choiceLabel}`}
                  className={`${smallButton} bg-white text-red-700 ring-stone-300 hover:bg-red-50`}
                >
                  ✕
                </button>
              </div>
              <FieldError id={`${id}-c${i}-error`} message={[nameError, priceError].filter(Boolean).join(' · ') || undefined} />
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={group.choices.length >= OPTION_CHOICES_MAX}
          onClick={() => onChange({ ...group, choices: [...group.choices, newChoiceDraft()] })}
          className={`${smallButton} bg-white text-brand-900 ring-stone-300 hover:bg-brand-50`}
        >
          + Add a choice
        </button>
        <button type="button" onClick={onRemove} className={`${smallButton} bg-white text-red-700 ring-stone-300 hover:bg-red-50`}>
          Remove the group {group.name.trim() && `“${group.name.trim()}”`}
        </button>
      </div>
    </div>
  );
}

function Field({
  id,
  label,
  error,
  className = '',
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
