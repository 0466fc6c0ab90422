import { useEffect, useRef, useState } from 'react';
import { SEARCH_QUERY_MAX } from '../../../shared/menu-search.ts';
import { useT } from '../../i18n/i18n.ts';

/** How long typing pauses before the search is asked: one request per word, not per key. */
const TYPING_PAUSE_MS = 200;

/**
 * The order page's search box: answers what was typed once typing pauses (`onSearch`). Escape or
 * the clear button empties it and the tabs show again.
 */
export function MenuSearchBox({ onSearch }: { onSearch: (query: string) => void }) {
  const [text, setText] = useState('');
  const t = useT();
  // On the page the server drew, a visitor may type before the app takes it over: React keeps the
  // box's text but never tells `text`, so the list would not filter. Taken in once, on the first render.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = box.current?.value ?? '';
    if (typed !== '') setText(typed);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text), text.trim() === '' ? 0 : TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div role="search" className="relative mx-auto w-full max-w-xl">
      <label htmlFor="menu-search" className="sr-only">
        {t('menu.search.label')}
      </label>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={box}
        id="menu-search"
        type="search"
        value={text}
        maxLength={SEARCH_QUERY_MAX}
        autoComplete="off"
        placeholder={t('menu.search.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
        className="h-12 w-full rounded-full border border-stone-500 bg-white pl-10 pr-4 text-base shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/40"
      />
    </div>
  );
}
