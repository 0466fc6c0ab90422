import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { chooseLanguage, LANGUAGE_NAMES, useT } from './i18n.ts';

/** The header's choice of language; each named in its own language ("Deutsch"). `onChosen` hears each choice. */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: string) => void }) {
  const { i18n } = useLingui();
  const t = useT();
  const id = useId();
  // The server answers the dishes in the reader's language (its cookie, set here): read them again.
  const queryClient = useQueryClient();
  return (
    <div className="flex items-center gap-2 px-3 py-2 lg:py-0">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          void chooseLanguage(i18n, event.target.value).then(() => queryClient.invalidateQueries());
          onChosen?.(event.target.value);
        }}
        className="rounded-md border border-white/70 bg-brand-900 px-2 py-1 text-sm text-white"
      >
        {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
