import { Trans } from '@lingui/react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { PRODUCT_NAME } from '../../shared/product.ts';
import { SOCIAL_NETWORKS, type SocialLinks, type SocialNetwork } from '../../shared/social-links.ts';
import { useT } from '../i18n/i18n.ts';

/** Each network's icon (a 24 × 24 outline). */
const SOCIAL_ICONS: Record<SocialNetwork, string> = {
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z',
  instagram: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5h.01',
  youtube: 'M22 8a3 3 0 00-2-2c-2-.5-8-.5-8-.5s-6 0-8 .5a3 3 0 00-2 2 31 31 0 000 8 3 3 0 002 2c2 .5 8 .5 8 .5s6 0 8-.5a3 3 0 002-2 31 31 0 000-8zM10 15V9l5 3-5 3z',
};

/**
 * Footer of docs/product.md §1: brand, tagline, social icons, the two store buttons, copyright 2024.
 * The icons link to the restaurant's pages set in its settings, only those set: none until the
 * owner enters one (and none on the server's drawing, which has no settings).
 */
export function Footer({ socialLinks }: { socialLinks?: SocialLinks }) {
  const t = useT();
  const social = SOCIAL_NETWORKS.filter((network) => socialLinks?.[network.key]);
  return (
    <footer className="bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="font-display text-2xl font-bold text-white">{PRODUCT_NAME}</p>
          <p className="mt-3 max-w-xs text-sm text-stone-300">{t('footer.tagline')}</p>
        </div>
        {/* Its place in the grid kept; on a phone no empty row's gap. */}
        <div className={social.length > 0 ? undefined : 'hidden md:block'}>
          {social.length > 0 && (
            <>
              <p className="text-sm font-semibold uppercase tracking-wide text-white">{t('footer.follow')}</p>
              <ul className="mt-3 flex gap-3">
                {social.map((network) => (
                  <li key={network.key}>
                    <a
                      href={socialLinks![network.key]}
                      aria-label={network.label}
                      rel="noopener"
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-stone-800 hover:bg-brand-700"
                    >
                      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
                        <path d={SOCIAL_ICONS[network.key]} />
                      </svg>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-white">{t('footer.getApp')}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link to={paths.playStore} className="rounded-lg border border-stone-600 px-4 py-2 text-sm hover:border-white">
              <Trans id="footer.playStore" components={{ 0: <strong /> }} />
            </Link>
            <Link to={paths.playStore} className="rounded-lg border border-stone-600 px-4 py-2 text-sm hover:border-white">
              <Trans id="footer.appleStore" components={{ 0: <strong /> }} />
            </Link>
          </div>
        </div>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">
        {t('footer.copyright', { shop: PRODUCT_NAME })}
      </p>
    </footer>
  );
}
