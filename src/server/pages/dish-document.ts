import { CATEGORY_LABELS } from '../../shared/category-list.ts';
import { DISH_TAG_LABELS, type DishTag } from '../../shared/dish-labels.ts';
import type { MenuItem } from '../../shared/menu.ts';
import { formatPrice } from '../../shared/money.ts';
import { APP_ROUTES, matchesRoute, paths } from '../../shared/paths.ts';
import { PRODUCT_NAME } from '../../shared/product.ts';

/** The id of a dish page's path (/item/{id}), or undefined for any other path. */
export function dishIdOf(pathname: string): string | undefined {
  if (!matchesRoute(APP_ROUTES.dish.pattern, pathname)) return undefined;
  try {
    return decodeURIComponent(pathname.replace(/\/+$/, '').split('/').at(-1)!);
  } catch {
    return undefined; // a malformed escape names no dish
  }
}

/** schema.org's diets for the tags that have one (https://schema.org/RestrictedDiet). */
const SCHEMA_DIETS: Partial<Record<DishTag, string>> = {
  vegan: 'https://schema.org/VeganDiet',
  vegetarian: 'https://schema.org/VegetarianDiet',
  'gluten-free': 'https://schema.org/GlutenFreeDiet',
};

export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** A description of a few lines for link previews: the recipe, cut at a word near 200 characters. */
function shortDescription(text: string): string {
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 150))}…`;
}

/**
 * Link-preview and search tags: Open Graph and schema.org JSON-LD (a data block, so the
 * Content-Security-Policy doesn't apply). `origin` makes addresses absolute, as Open Graph requires.
 */
export function dishHead(dish: MenuItem, origin: string): { title: string; description: string; tags: string } {
  const url = `${origin}${paths.dish(dish._id)}`;
  const image = new URL(dish.image, origin).href;
  const title = `${PRODUCT_NAME} ${dish.name}`;
  const description = shortDescription(dish.recipe);
  const price = dish.newPrice ?? dish.price;
  const diets = (dish.tags ?? []).flatMap((tag) => SCHEMA_DIETS[tag] ?? []);
  const menuItem = {
    '@context': 'https://schema.org',
    '@type': 'MenuItem',
    name: dish.name,
    description: dish.recipe,
    image,
    url,
    offers: {
      '@type': 'Offer',
      price: formatPrice(price),
      priceCurrency: 'USD',
      availability: dish.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    },
    ...(diets.length > 0 && { suitableForDiet: diets }),
    // The shop's own words for its labels and the dish's allergens, as schema.org has no list of them.
    keywords: [CATEGORY_LABELS[dish.category], ...(dish.tags ?? []).map((tag) => DISH_TAG_LABELS[tag].label)].join(', '),
  };
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('og:type', 'website'),
    meta('og:site_name', PRODUCT_NAME),
    meta('og:title', dish.name),
    meta('og:description', description),
    meta('og:image', image),
    meta('og:url', url),
    `<meta name="twitter:card" content="summary_large_image" />`,
    // "<" escaped: a dish's name cannot close the element early.
    `<script type="application/ld+json">${JSON.stringify(menuItem).replaceAll('<', '\\u003c')}</script>`,
  ].join('');
  return { title, description, tags };
}

/** index.html with another description: the storefront's for the settings now (issue 43, point 5). */
export function withDescription(html: string, description: string): string {
  return html.replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
}

/** index.html with a dish's title, description and preview tags in place of the shop's own. */
export function withDishHead(html: string, head: { title: string; description: string; tags: string }): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace('</head>', () => `${head.tags}</head>`);
}
