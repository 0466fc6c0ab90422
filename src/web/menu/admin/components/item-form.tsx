import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CATEGORIES, CATEGORY_LABELS } from '../../../../shared/categories.ts';
import { ACCEPTED_IMAGE_TYPES, HEIC_REFUSED, MAX_UPLOAD_BYTES } from '../../../../shared/images.ts';
import type { ApiOptionGroup } from '../../../../shared/dish-option-rules.ts';
import { ITEM_NAME_MAX, itemInputSchema, type ItemInput, type ItemTranslations } from '../../../../shared/menu.ts';
import { TAX_TEXTS } from '../../../../shared/restaurant-settings.ts';
import { useRestaurantSettings } from '../../../settings/api/settings-api.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { FieldError } from '../../../ui/field-error.tsx';
import { uploadImage } from '../api/upload-image.ts';
import { groupDrafts, parseGroupDrafts, type GroupDraft } from './dish-options-drafts.ts';
import { DishOptionsFieldset } from './dish-options-fieldset.tsx';
import { DishTranslationsFieldset, OTHER_LANGUAGES } from './dish-translations-fieldset.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { DishLabelsFieldset, dishLabelsInput, NO_DISH_LABELS, type DishLabelsValue } from './dish-labels-fieldset.tsx';

type Field = 'name' | 'category' | 'price' | 'recipe' | 'newPrice' | 'image' | 'options' | 'taxRateId';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['name', 'category', 'price', 'recipe', 'newPrice', 'image', 'options', 'taxRateId'];

export interface ItemFormValues {
  name: string;
  category: string;
  price: string;
  recipe: string;
  /** The dish's own tax rate; '' (or absent): its category's default. */
  taxRateId?: string;
}

const EMPTY: ItemFormValues = { name: '', category: '', price: '', recipe: '' };

/** The fields without the picture, the labels and the options: checked in the browser with the server's own schema. */
const fieldsSchema = itemInputSchema.omit({ image: true, newPrice: true, tags: true, allergens: true, options: true, taxRateId: true, translations: true });
const translationsSchema = itemInputSchema.shape.translations;

function fileProblem(file: File): string | null {
  if (file.size === 0) return 'The file is empty. Choose a picture.';
  if (file.size > MAX_UPLOAD_BYTES) return 'The picture is larger than 5 MB. Choose a smaller one.';
  // A hint only: the server judges the bytes. Some systems give no type, so that passes here.
  if (/^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name)) return HEIC_REFUSED;
  if (file.type && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG, WebP, GIF or AVIF picture.';
  }
  return null;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'That did not work. Please try again.';
}

/**
 * The picture is uploaded first and the item saved only if that succeeded. Browser and server
 * errors alike appear beside their fields.
 */
export function ItemForm({
  initial = EMPTY,
  initialLabels = NO_DISH_LABELS,
  initialOptions,
  initialTranslations = {},
  currentImage,
  submitLabel,
  onSave,
  onSaved,
  onFailed,
}: {
  initial?: ItemFormValues;
  /** The dish's offer price and labels when editing (dish-labels-fieldset.tsx). */
  initialLabels?: DishLabelsValue;
  /** The dish's option groups when editing. */
  initialOptions?: ApiOptionGroup[];
  /** The dish's name and details in the other languages when editing (its options' come in initialOptions). */
  initialTranslations?: ItemTranslations;
  /** The item's picture when editing: a new file is then optional. */
  currentImage?: string;
  submitLabel: string;
  onSave: (input: ItemInput) => Promise<void>;
  onSaved: () => void;
  onFailed?: (message: string) => void;
}) {
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ItemFormValues>(initial);
  const [labels, setLabels] = useState<DishLabelsValue>(initialLabels);
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [options, setOptions] = useState<GroupDraft[]>(() => groupDrafts(initialOptions));
  const [optionErrors, setOptionErrors] = useState<Record<string, string>>({});
  const [translations, setTranslations] = useState<ItemTranslations>(initialTranslations);
  const [formError, setFormError] = useState<string | null>(null);
  const [stage, setStage] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [progress, setProgress] = useState(0);
  const busy = stage !== 'idle';
  const taxRates = useRestaurantSettings().data?.taxRates ?? [];

  // The preview's object URL is made when a file is chosen and freed when replaced or unmounted.
  const previewRef = useRef<string | null>(null);
  useEffect(() => () => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
  }, []);
  function choose(chosen: File | null) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = chosen ? URL.createObjectURL(chosen) : null;
    setPreview(previewRef.current);
    setFile(chosen);
    setErrors((er) => ({ ...er, image: chosen ? (fileProblem(chosen) ?? undefined) : undefined }));
  }

  function change(field: keyof ItemFormValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    // Focus the first field in error so keyboard and screen-reader users land on it.
    const target = () =>
      first === 'options' ? document.querySelector<HTMLElement>(`#${CSS.escape(fieldId('options'))} [aria-invalid="true"]`) : document.getElementById(fieldId(first!));
    if (first) requestAnimationFrame(() => target()?.focus());
  }

  function check(): { fields: Omit<ItemInput, 'image'>; errors: FieldErrors } {
    const checked = checkFields();
    const labelled = dishLabelsInput(labels, checked.fields?.price);
    if ('error' in labelled) return { fields: checked.fields, errors: { ...checked.errors, newPrice: labelled.error } };
    return { fields: checked.fields && { ...checked.fields, ...labelled.input }, errors: checked.errors };
  }

  function checkFields(): { fields: Omit<ItemInput, 'image'>; errors: FieldErrors } {
    const price = values.price.trim() === '' ? undefined : Number(values.price);
    const parsed = fieldsSchema.safeParse({
      name: values.name,
      category: values.category || undefined,
      price: Number.isNaN(price) ? values.price : price,
      recipe: values.recipe,
    });
    const found: FieldErrors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (file) {
      const problem = fileProblem(file);
      if (problem) found.image = problem;
    } else if (!currentImage) {
      found.image = 'An item image is required';
    }
    const optionCheck = parseGroupDrafts(options);
    setOptionErrors(optionCheck.errors);
    if (Object.keys(optionCheck.errors).length > 0) found.options = 'Check the options';
    // Sent only when the restaurant has rates: a shop without taxes edits dishes as before.
    const taxRate = taxRates.length > 0 ? { taxRateId: values.taxRateId || null } : {};
    // Trimmed as the server trims; the lengths are held by the fields themselves.
    const translated = OTHER_LANGUAGES.length > 0 ? { translations: translationsSchema.parse(translations) } : {};
    return { fields: parsed.success ? { ...parsed.data, options: optionCheck.groups, ...taxRate, ...translated } : (undefined as never), errors: found };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const { fields, errors: found } = check();
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});

    let image = currentImage;
    if (file) {
      setStage('uploading');
      setProgress(0);
      try {
        image = (await uploadImage(file, setProgress)).display_url;
      } catch (error) {
        setStage('idle');
        const message = error instanceof ApiRequestError ? (error.body?.fieldErrors?.image?.[0] ?? error.message) : messageOf(error);
        showErrors({ image: message });
        onFailed?.(message);
        return;
      }
    }

    setStage('saving');
    try {
      await onSave({ ...fields, image: image! });
    } catch (error) {
      setStage('idle');
      const server = error instanceof ApiRequestError ? error.body?.fieldErrors : undefined;
      if (server) {
        const mapped: FieldErrors = {};
        for (const field of FIELDS) if (server[field]?.[0]) mapped[field] = server[field][0];
        const fromServer = Object.fromEntries(
          Object.entries(server).flatMap(([key, messages]) =>
            key === 'options' ? [['', messages[0]!]] : key.startsWith('options.') ? [[key.slice('options.'.length), messages[0]!]] : [],
          ),
        );
        setOptionErrors(fromServer);
        if (Object.keys(fromServer).length > 0) mapped.options ??= 'Check the options';
        showErrors(mapped);
      }
      setFormError(messageOf(error));
      onFailed?.(messageOf(error));
      return;
    }
    setStage('idle');
    setValues(EMPTY);
    setLabels(NO_DISH_LABELS);
    setOptions([]);
    setTranslations({});
    choose(null);
    setFileInputKey((k) => k + 1);
    formRef.current?.reset();
    onSaved();
  }

  const inputClass = (field: Field) =>
    `w-full rounded-md border px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-brand-600/40 ${
      errors[field] ? 'border-red-600' : 'border-stone-500 focus:border-brand-700'
    }`;
  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${fieldId(field)}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={busy}
      className="flex flex-col gap-5 rounded-xl bg-white p-4 shadow-md sm:p-6"
    >
      <Row>
        <Label htmlFor={fieldId('name')}>Recipe Name</Label>
        <input
          id={fieldId('name')}
          name="name"
          value={values.name}
          onChange={(e) => change('name', e.target.value)}
          maxLength={ITEM_NAME_MAX}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          placeholder="Recipe name"
          className={inputClass('name')}
        />
        <FieldError id={`${fieldId('name')}-error`} message={errors.name} />
      </Row>

      <div className="grid gap-5 sm:grid-cols-2">
        <Row>
          <Label htmlFor={fieldId('category')}>Category</Label>
          <select
            id={fieldId('category')}
            name="category"
            value={values.category}
            onChange={(e) => change('category', e.target.value)}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describedBy('category')}
            className={`${inputClass('category')} h-11 bg-white`}
          >
            <option value="" disabled>
              Select a category
            </option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
          <FieldError id={`${fieldId('category')}-error`} message={errors.category} />
        </Row>
        {taxRates.length > 0 && (
          <Row>
            <Label htmlFor={fieldId('taxRateId')} required={false}>
              {TAX_TEXTS.dishRate}
            </Label>
            <select
              id={fieldId('taxRateId')}
              name="taxRateId"
              value={values.taxRateId ?? ''}
              onChange={(e) => change('taxRateId', e.target.value)}
              aria-invalid={errors.taxRateId ? true : undefined}
              aria-describedby={describedBy('taxRateId')}
              className={`${inputClass('taxRateId')} h-11 bg-white`}
            >
              <option value="">{TAX_TEXTS.dishRateDefault}</option>
              {taxRates.map((rate) => (
                <option key={rate.id} value={rate.id}>
                  {rate.name}
                </option>
              ))}
            </select>
            <FieldError id={`${fieldId('taxRateId')}-error`} message={errors.taxRateId} />
          </Row>
        )}
        <Row>
          <Label htmlFor={fieldId('price')}>Price</Label>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-500">
              $
            </span>
            <input
              id={fieldId('price')}
              name="price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              value={values.price}
              onChange={(e) => change('price', e.target.value)}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={describedBy('price')}
              placeholder="0.00"
              className={`${inputClass('price')} pl-7`}
            />
          </div>
          <FieldError id={`${fieldId('price')}-error`} message={errors.price} />
        </Row>
      </div>

      <Row>
        <Label htmlFor={fieldId('recipe')}>Recipe Details</Label>
        <textarea
          id={fieldId('recipe')}
          name="recipe"
          rows={5}
          value={values.recipe}
          onChange={(e) => change('recipe', e.target.value)}
          aria-invalid={errors.recipe ? true : undefined}
          aria-describedby={describedBy('recipe')}
          placeholder="Ingredients and how it is made"
          className={inputClass('recipe')}
        />
        <FieldError id={`${fieldId('recipe')}-error`} message={errors.recipe} />
      </Row>

      <DishLabelsFieldset
        idPrefix={id}
        value={labels}
        onChange={(next) => {
          setLabels(next);
          if (errors.newPrice) setErrors((e) => ({ ...e, newPrice: undefined }));
        }}
        newPriceError={errors.newPrice}
      />

      <Row>
        <Label htmlFor={fieldId('image')} required={!currentImage}>
          {currentImage ? 'New Item Image (optional)' : 'Item Image'}
        </Label>
        <p id={`${fieldId('image')}-hint`} className="text-sm text-stone-600">
          JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.
        </p>
        <input
          key={fileInputKey}
          id={fieldId('image')}
          name="image"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={describedBy('image', `${fieldId('image')}-hint`)}
          className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-100 file:px-4 file:py-2 file:font-semibold file:text-brand-900 hover:file:bg-brand-50"
        />
        <FieldError id={`${fieldId('image')}-error`} message={errors.image} />
        {preview && (
          <img src={preview} alt="Preview of the chosen picture" className="mt-2 h-32 w-32 rounded-lg object-cover shadow" />
        )}
      </Row>

      <DishOptionsFieldset id={fieldId('options')} value={options} onChange={setOptions} errors={optionErrors} />

      <DishTranslationsFieldset
        idPrefix={id}
        value={translations}
        onChange={setTranslations}
        options={options}
        onOptionsChange={setOptions}
        english={{ name: values.name, recipe: values.recipe }}
      />

      {stage === 'uploading' && <UploadProgress fraction={progress} />}
      {formError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          {formError}
        </p>
      )}

      <button
        type="submit"
        disabled={busy}
        className="self-start rounded-md bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:bg-stone-400"
      >
        {stage === 'uploading' ? 'Uploading picture…' : stage === 'saving' ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

function Row({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col gap-1">{children}</div>;
}

function Label({ htmlFor, children, required = true }: { htmlFor: string; children: React.ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold text-stone-800">
      {children}
      {required && (
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      )}
    </label>
  );
}
