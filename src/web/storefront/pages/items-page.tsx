import { HydrateLater } from '../../ui/hydrate-later.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CategoryBlock } from '../components/category-block.tsx';
import { VideoBanner } from '../components/video-banner.tsx';
import { ITEM_LIST_ORDER } from '../content/categories.ts';

/**
 * /items, '{product} Item list': the video banner, then one block per category in the spec's order,
 * each taken over from the server's page in a turn of its own (ui/hydrate-later.tsx).
 */
export function Page() {
  usePageTitle('Item list');
  return (
    <>
      <HydrateLater>
        <VideoBanner />
      </HydrateLater>
      {ITEM_LIST_ORDER.map((category, i) => (
        <HydrateLater key={category}>
          <div className={i % 2 ? 'bg-white' : undefined}>
            <CategoryBlock category={category} />
          </div>
        </HydrateLater>
      ))}
    </>
  );
}
