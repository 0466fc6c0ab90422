import { useT } from '../../i18n/i18n.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CategoryBlock } from '../components/category-block.tsx';
import { VideoBanner } from '../components/video-banner.tsx';
import { ITEM_LIST_ORDER } from '../content/categories.ts';

/**
 * /items, '{product} Item list': the video banner, then one block per category in the spec's order,
 * the first items of each drawn by the server.
 */
export function Page() {
  usePageTitle(useT()('items.title'));
  return (
    <>
      <VideoBanner />
      {ITEM_LIST_ORDER.map((category, i) => (
        <div key={category} className={i % 2 ? 'bg-white' : undefined}>
          <CategoryBlock category={category} />
        </div>
      ))}
    </>
  );
}
