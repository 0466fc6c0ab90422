import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { FormField, messageOf } from '../../auth/components/form-field.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { useT } from '../../i18n/i18n.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import type { TableVisit } from '../table-visit.ts';

/**
 * Under the table's banner for a visitor (decision 0047): order at this table without an account,
 * with a name for the staff to call and, if wanted, an e-mail for the receipt. The server checks
 * both and the table's code; its words show at the field they are about.
 */
export function GuestStart({ visit }: { visit: TableVisit }) {
  const t = useT();
  const location = useLocation();
  const { beginGuest } = useAuth();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; email?: string; form?: string }>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    if (name === '') return setErrors({ name: t('tableGuest.nameRequired') });
    setErrors({});
    setBusy(true);
    try {
      await beginGuest(visit.token, { name, ...(email !== '' && { email }) });
    } catch (failure) {
      const fields = failure instanceof ApiRequestError ? failure.body?.fieldErrors : undefined;
      if (fields?.name || fields?.email) setErrors({ name: fields.name?.[0], email: fields.email?.[0] });
      else setErrors({ form: messageOf(failure, t('tableGuest.failed')) });
      setBusy(false);
    }
  }

  return (
    <form
      aria-labelledby="guest-start-heading"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="mx-auto mb-6 flex max-w-3xl flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
    >
      <h2 id="guest-start-heading" className="font-display text-xl font-bold text-brand-900">
        {t('tableGuest.heading')}
      </h2>
      <p className="text-stone-700">{t('tableGuest.intro')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="guest-name" name="name" label={t('tableGuest.name')} autoComplete="name" required maxLength={100} error={errors.name} />
        <FormField id="guest-email" name="email" type="email" label={t('tableGuest.email')} autoComplete="email" error={errors.email} />
      </div>
      {errors.form && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={busy} className="min-h-11 rounded-md bg-brand-700 px-5 font-bold text-white hover:bg-brand-800 disabled:bg-stone-400">
          {busy ? t('tableGuest.starting') : t('tableGuest.submit')}
        </button>
        <Link to={paths.login} state={{ from: location }} className="font-semibold text-brand-800 underline hover:text-brand-900">
          {t('tableGuest.logIn')}
        </Link>
      </div>
    </form>
  );
}
