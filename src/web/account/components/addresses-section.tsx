import { useId, useState, type FormEvent } from 'react';
import { savedAddressInputSchema, type SavedAddress } from '../../../shared/saved-addresses.ts';
import { FormField } from '../../auth/components/form-field.tsx';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { useT } from '../../i18n/i18n.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useDeleteAddress, useSavedAddresses, useUpdateAddress } from '../api/addresses-api.ts';
import { buttonClass, Outcome, ProfileCard, quietButtonClass } from './profile-card.tsx';

/**
 * The delivery addresses and phones saved at checkout (issue 42): each edited or deleted here.
 * New ones are saved by the checkout, where the address is typed for an order.
 */
export function AddressesSection() {
  const t = useT();
  const addresses = useSavedAddresses();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <ProfileCard id="profile-addresses" title={t('profile.addresses.title')}>
      {addresses.isPending ? (
        <p className="text-stone-600">{t('profile.addresses.loading')}</p>
      ) : addresses.isError ? (
        <p role="alert" className="text-red-800">
          {t('profile.addresses.loadFailed', { error: addresses.error.message })}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void addresses.refetch()}>
            {t('profile.addresses.retry')}
          </button>
        </p>
      ) : addresses.data.length === 0 ? (
        <p className="text-stone-700">{t('profile.addresses.none')}</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('profile.addresses.list')}>
          {addresses.data.map((saved) => (
            <li key={saved.id} className="py-3">
              {editing === saved.id ? (
                <AddressForm
                  saved={saved}
                  onDone={(message) => {
                    setEditing(null);
                    setDone(message);
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <p className="text-stone-800">
                    <span className="block font-semibold">{[saved.address.line1, saved.address.line2].filter(Boolean).join(', ')}</span>
                    <span className="block">
                      {saved.address.postalCode} {saved.address.city}
                    </span>
                    <span className="block text-sm text-stone-600">{t('profile.addresses.phone', { phone: saved.phone })}</span>
                  </p>
                  <div className="flex gap-2">
                    <button type="button" className={quietButtonClass} aria-label={t('profile.addresses.editLabel', { address: saved.address.line1 })} onClick={() => setEditing(saved.id)}>
                      {t('profile.addresses.edit')}
                    </button>
                    <button
                      type="button"
                      className={quietButtonClass}
                      aria-label={t('profile.addresses.deleteLabel', { address: saved.address.line1 })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(saved.id, { onSuccess: () => setDone(t('profile.addresses.deleted', { address: saved.address.line1 })) })}
                    >
                      {t('profile.addresses.delete')}
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Outcome ok={done} error={remove.error} />
    </ProfileCard>
  );
}

const FIELDS = [
  ['address.line1', 'profile.addresses.line1', 'address-line1'],
  ['address.line2', 'profile.addresses.line2', 'address-line2'],
  ['address.city', 'profile.addresses.city', 'address-level2'],
  ['address.postalCode', 'profile.addresses.postalCode', 'postal-code'],
  ['phone', 'profile.addresses.phoneField', 'tel'],
] as const satisfies readonly (readonly [string, MessageId, string])[];

/** One address's fields, checked with the server's schema: one message per field, at its field. */
function AddressForm({ saved, onDone }: { saved: SavedAddress; onDone: (message: string) => void }) {
  const t = useT();
  const id = useId();
  const update = useUpdateAddress();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const initial: Record<(typeof FIELDS)[number][0], string> = {
    'address.line1': saved.address.line1,
    'address.line2': saved.address.line2 ?? '',
    'address.city': saved.address.city,
    'address.postalCode': saved.address.postalCode,
    phone: saved.phone,
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string) => String(form.get(key) ?? '');
    const line2 = value('address.line2').trim();
    const parsed = savedAddressInputSchema.safeParse({
      address: { line1: value('address.line1'), ...(line2 ? { line2 } : {}), city: value('address.city'), postalCode: value('address.postalCode') },
      phone: value('phone'),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      await update.mutateAsync({ id: saved.id, ...parsed.data });
      onDone(t('profile.addresses.saved'));
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fieldErrors : undefined;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? ''])));
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3" aria-label={t('profile.addresses.editLabel', { address: saved.address.line1 })}>
      {FIELDS.map(([key, label, autoComplete]) => (
        <FormField
          key={key}
          id={`${id}-${key.replace('.', '-')}`}
          name={key}
          label={t(label)}
          autoComplete={autoComplete}
          type={key === 'phone' ? 'tel' : 'text'}
          defaultValue={initial[key]}
          error={errors[key]}
        />
      ))}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={update.isPending} className={buttonClass}>
          {update.isPending ? t('profile.addresses.saving') : t('profile.addresses.save')}
        </button>
        <button type="button" className={quietButtonClass} onClick={() => onDone('')}>
          {t('profile.addresses.cancel')}
        </button>
      </div>
      <Outcome error={update.error && !(update.error instanceof ApiRequestError && update.error.body?.fieldErrors) ? update.error : undefined} />
    </form>
  );
}
