import { Link } from 'react-router';
import type { Category } from '../../../shared/categories.ts';
import { paths } from '../../../shared/paths.ts';
import { ITEMS_PER_BLOCK, useMenuPreview } from '../../menu/api/get-menu.ts';
import { MenuItemRow, MenuItemRowPlaceholder } from '../../menu/components/menu-item-row.tsx';
import { itemsOfCategory } from '../../menu/menu-by-category.ts';
import { SectionHeading } from '../../ui/section-heading.tsx';
import { CATEGORY_BLOCKS } from '../content/categories.ts';

/**
 * One category of the menu: headline, description, its first four dishes and a 'More Items'
 * link to the category's own tab of the menu page (the route's category is the category value).
 */
export function CategoryBlock({ category }: { category: Category }) {
  const { data: menu, isPending, isError } = useMenuPreview();
  const block = CATEGORY_BLOCKS[category];
  const items = menu ? itemsOfCategory(menu, category, ITEMS_PER_BLOCK) : [];
  const titleId = `category-${category}-title`;
  return (
    // Blocks off screen are not laid out or painted until scrolled near (content-visibility):
    // the item list is ten of them, and a phone shows one.
    <section
      aria-labelledby={titleId}
      data-category={category}
      className="mx-auto max-w-7xl px-4 py-14 [contain-intrinsic-size:auto_56rem] [content-visibility:auto] md:py-16"
    >
      <SectionHeading id={titleId} eyebrow={block.eyebrow} title={block.headline} />
      <p className="mx-auto -mt-4 mb-10 max-w-2xl text-center text-stone-600">{block.description}</p>
      {isError ? (
        <p className="text-center text-stone-700">The menu could not be loaded. Please try again in a moment.</p>
      ) : (
        <ul className="grid gap-x-10 gap-y-8 md:grid-cols-2">
          {isPending
            ? Array.from({ length: ITEMS_PER_BLOCK }, (_, i) => <MenuItemRowPlaceholder key={i} />)
            : items.map((item) => <MenuItemRow key={item._id} item={item} />)}
        </ul>
      )}
      <div className="mt-10 text-center">
        <Link
          to={paths.menu(category)}
          className="inline-block rounded-lg border-b-4 border-stone-900 px-6 py-3 font-semibold uppercase tracking-wide text-stone-900 hover:bg-stone-900 hover:text-white"
        >
          More Items<span className="sr-only"> in {block.headline}</span>
        </Link>
      </div>
    </section>
  );
}
