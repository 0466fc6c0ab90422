import { useEffect, useRef } from 'react';
import { MENU_TABS, type MenuTabKey } from '../menu-tabs.ts';
import { FavouritesTabLabel } from '../favourites/favourites-tab-label.tsx';
import { useT } from '../../i18n/i18n.ts';

interface MenuTabsProps {
  active: MenuTabKey;
  onSelect: (key: MenuTabKey) => void;
  panelId: string;
}

export function menuTabId(key: MenuTabKey): string {
  return `menu-tab-${key}`;
}

/**
 * The tab bar of the menu page, following the WAI-ARIA tabs pattern: one tab stop, arrow keys,
 * Home and End move and select. On a phone the bar scrolls sideways and keeps the active tab
 * in view.
 */
export function MenuTabs({ active, onSelect, panelId }: MenuTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const t = useT();

  useEffect(() => {
    const bar = list.current;
    const tab = bar?.querySelector<HTMLElement>(`#${menuTabId(active)}`);
    if (!bar || !tab) return;
    // Scroll the bar only, never the page.
    bar.scrollTo({ left: tab.offsetLeft - bar.clientWidth / 2 + tab.offsetWidth / 2 });
  }, [active]);

  const move = (event: React.KeyboardEvent, from: number) => {
    const last = MENU_TABS.length - 1;
    const target =
      event.key === 'ArrowRight' ? (from === last ? 0 : from + 1)
      : event.key === 'ArrowLeft' ? (from === 0 ? last : from - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (target < 0) return;
    event.preventDefault();
    const key = MENU_TABS[target]!.key;
    onSelect(key);
    list.current?.querySelector<HTMLElement>(`#${menuTabId(key)}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t('menu.tabs.label')}
      className="scrollbar-none -mx-4 flex gap-1 overflow-x-auto px-4 md:mx-0 md:flex-wrap md:justify-center md:overflow-visible md:px-0"
    >
      {MENU_TABS.map((tab, i) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            id={menuTabId(tab.key)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => move(event, i)}
            className={`shrink-0 whitespace-nowrap border-b-4 px-4 py-3 lg:px-3 text-sm font-semibold uppercase tracking-wide transition-colors ${
              selected ? 'border-accent-500 text-accent-700' : 'border-transparent text-stone-700 hover:text-stone-950'
            }`}
          >
            {tab.key === 'favourites' ? <FavouritesTabLabel label={t(tab.labelId)} /> : t(tab.labelId)}
          </button>
        );
      })}
    </div>
  );
}
