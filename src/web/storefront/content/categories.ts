import type { Category } from '../../../shared/categories.ts';

/** The item list's order of category blocks (docs/product.md §2.5). */
export const ITEM_LIST_ORDER: readonly Category[] = [
  'offered',
  'raw-special',
  'honey',
  'fruits',
  'juice',
  'pickles',
  'foodbread',
  'dessert',
  'grilled',
  'spicy',
];

/** Headline and description of each category block. */
export const CATEGORY_BLOCKS: Record<Category, { eyebrow: string; headline: string; description: string }> = {
  offered: {
    eyebrow: "Don't miss",
    headline: "Today's offer",
    description: 'Dishes the kitchen picked this morning from the freshest delivery, at a lower price until the day is out.',
  },
  'raw-special': {
    eyebrow: 'From our chefs',
    headline: 'Raw Special',
    description: 'Our signature plates: lasagna, sushi and tacos rebuilt from raw vegetables, nuts and sprouts, never heated above 42 °C.',
  },
  honey: {
    eyebrow: 'Sweetened by bees',
    headline: 'With Honey',
    description: 'Salads, bites and tonics finished with raw wildflower honey from a beekeeper two valleys away.',
  },
  fruits: {
    eyebrow: 'Picked ripe',
    headline: 'Raw Fruits',
    description: 'Seasonal fruit, cut to order and served cold: nothing added, nothing taken away.',
  },
  juice: {
    eyebrow: 'Cold-pressed',
    headline: 'Juice',
    description: 'Juices and smoothies pressed the moment you order, so the vitamins reach your glass and not the air.',
  },
  pickles: {
    eyebrow: 'Slow and sour',
    headline: 'Pickles Mix',
    description: 'Vegetables fermented in our own cellar for weeks, in brine and apple cider vinegar, with no preservative.',
  },
  foodbread: {
    eyebrow: 'Baked by the sun',
    headline: 'R.S Bread',
    description: 'Raw Special breads and crackers from sprouted grains and seeds, dried slowly at low heat for a full day.',
  },
  dessert: {
    eyebrow: 'Save room',
    headline: 'Dessert',
    description: 'Cheesecakes, pies and truffles made of nuts, dates and cacao, with no refined sugar and no oven.',
  },
  grilled: {
    eyebrow: 'A touch of fire',
    headline: 'Grilled',
    description: 'For guests who like a smoky edge: vegetables kissed by the grill for a moment, still crisp inside.',
  },
  spicy: {
    eyebrow: 'Bring the heat',
    headline: 'Spicy',
    description: 'Chili, ginger, garlic and kimchi: bright, hot plates that wake up every taste bud.',
  },
};
