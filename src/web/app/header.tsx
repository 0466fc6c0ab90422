import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { PRODUCT_NAME } from '../../shared/product.ts';
import { HeaderAccount, DashboardLink } from '../auth/components/header-account.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { CartLink } from '../cart/components/cart-link.tsx';
import { useT } from '../i18n/i18n.ts';
import { LanguageSwitch } from '../i18n/language-switch.tsx';
import { apiRequest } from '../lib/api-client.ts';

const NAV_LINKS = [
  { to: paths.home, label: 'nav.home' },
  { to: paths.about, label: 'nav.about' },
  { to: paths.review, label: 'nav.reviews' },
  { to: paths.items, label: 'nav.items' },
  { to: paths.menu('offered'), label: 'nav.foodOrder' },
] as const;

/** The navigation bar of docs/product.md §1; on a phone the links fold into a menu button. */
export function Header() {
  const t = useT();
  const { user } = useAuth();
  // A signed-in reader's language is saved to the account too, for their mails. The page has
  // changed already; a choice not saved now (offline) is saved with the next one.
  const saveToAccount = (language: string) => {
    if (user) apiRequest('/account/preferences', { method: 'PATCH', body: { language } }).catch(() => undefined);
  };
  const [open, setOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide transition-colors hover:text-accent-400 ${
      isActive ? 'text-accent-400' : 'text-white'
    }`;

  return (
    <header className="site-header sticky top-0 z-40 bg-brand-900/95 text-white shadow-md backdrop-blur">
      <nav aria-label={t('nav.main')} className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Link to={paths.home} className="flex items-center gap-2 font-display text-xl font-bold" onClick={() => setOpen(false)}>
          <img src="/favicon.svg" alt="" width={36} height={36} className="h-9 w-9" />
          {PRODUCT_NAME}
        </Link>
        <button
          type="button"
          className="ml-auto rounded-md p-2 lg:hidden"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((v) => !v)}
        >
          <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <div
          id="main-menu"
          className={`${open ? 'flex' : 'hidden'} absolute left-0 right-0 top-full flex-col gap-1 bg-brand-900 px-4 pb-4 lg:static lg:ml-auto lg:flex lg:flex-row lg:items-center lg:bg-transparent lg:p-0`}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setOpen(false);
          }}
        >
          {NAV_LINKS.map((link) => (
            <NavLink key={link.label} to={link.to} end={link.to === paths.home} className={linkClass}>
              {t(link.label)}
            </NavLink>
          ))}
          <DashboardLink className={linkClass} />
          <CartLink />
          <HeaderAccount />
          <LanguageSwitch onChosen={saveToAccount} />
        </div>
      </nav>
    </header>
  );
}
