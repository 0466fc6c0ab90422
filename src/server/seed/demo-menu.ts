import type { Category } from '../../shared/categories.ts';
import type { Allergen, DishTag } from '../../shared/dish-labels.ts';

/**
 * The demo menu created on the first start: six or more dishes in each of the ten categories.
 * `emoji` names a picture of @lobehub/fluent-emoji-3d (MIT) by its code points; the seed composes
 * it on a background in the category's colours.
 */
export interface DemoItem {
  name: string;
  category: Category;
  price: number;
  newPrice?: number;
  recipe: string;
  emoji: string;
}

export const CATEGORY_BACKGROUNDS: Record<Category, [string, string]> = {
  offered: ['#fde68a', '#f59e0b'],
  'raw-special': ['#bbf7d0', '#16a34a'],
  spicy: ['#fecaca', '#dc2626'],
  dessert: ['#fbcfe8', '#db2777'],
  foodbread: ['#fde8c8', '#b45309'],
  grilled: ['#e7e5e4', '#57534e'],
  pickles: ['#d9f99d', '#65a30d'],
  honey: ['#fef3c7', '#d97706'],
  fruits: ['#fed7aa', '#ea580c'],
  juice: ['#cffafe', '#0891b2'],
};

export const DEMO_ITEMS: DemoItem[] = [
  // offered
  { name: 'Rainbow Garden Bowl', category: 'offered', price: 14.5, newPrice: 11.9, emoji: '1f957', recipe: 'Kale, red cabbage, carrot ribbons, sprouted lentils and a lemon-tahini dressing.' },
  { name: 'Avocado Boat Duo', category: 'offered', price: 12, newPrice: 9.5, emoji: '1f951', recipe: 'Two avocado halves filled with tomato salsa, coriander and lime.' },
  { name: 'Mango Sunrise Plate', category: 'offered', price: 10.5, emoji: '1f96d', recipe: 'Sliced mango, passion fruit, mint and a sprinkle of toasted coconut.' },
  { name: 'Berry Chia Pudding', category: 'offered', price: 8.9, newPrice: 7.5, emoji: '1fad0', recipe: 'Chia soaked overnight in almond milk, topped with blueberries and raspberries.' },
  { name: 'Zucchini Noodle Pesto', category: 'offered', price: 13.2, emoji: '1f952', recipe: 'Spiralised zucchini tossed in basil-cashew pesto with cherry tomatoes.' },
  { name: 'Coconut Lime Soup', category: 'offered', price: 9.8, emoji: '1f965', recipe: 'Young coconut blended with lime, ginger and lemongrass, served chilled.' },
  // raw-special
  { name: 'Raw Lasagna', category: 'raw-special', price: 16.5, emoji: '1f345', recipe: 'Layers of zucchini, sun-dried tomato marinara, spinach and macadamia ricotta.' },
  { name: 'Sprouted Sushi Roll', category: 'raw-special', price: 15, newPrice: 13.5, emoji: '1f371', recipe: 'Nori rolled with cauliflower rice, avocado, cucumber and pickled ginger.' },
  { name: 'Walnut Taco Lettuce Cups', category: 'raw-special', price: 13.9, emoji: '1f96c', recipe: 'Spiced walnut "meat" in crisp lettuce with pico de gallo and cashew cream.' },
  { name: 'Stuffed Bell Peppers', category: 'raw-special', price: 12.8, emoji: '1fad1', recipe: 'Sweet peppers filled with sunflower-seed pâté, herbs and olives.' },
  { name: 'Mushroom Carpaccio', category: 'raw-special', price: 11.5, emoji: '1f344', recipe: 'Thin marinated mushrooms with rocket, lemon and cold-pressed olive oil.' },
  { name: 'Raw Falafel Wrap', category: 'raw-special', price: 12.4, emoji: '1f959', recipe: 'Sprouted chickpea falafel in a collard leaf with tahini and cucumber.' },
  // spicy
  { name: 'Fire Chili Salsa Bowl', category: 'spicy', price: 10.9, emoji: '1f336-fe0f', recipe: 'Red chili, tomato, red onion and lime over crunchy sprouts.' },
  { name: 'Kimchi Crunch Salad', category: 'spicy', price: 11.6, emoji: '1f96c', recipe: 'House kimchi with napa cabbage, radish and sesame.' },
  { name: 'Spiced Garlic Greens', category: 'spicy', price: 9.9, newPrice: 8.4, emoji: '1f9c4', recipe: 'Massaged kale with garlic, chili flakes and lemon.' },
  { name: 'Jalapeño Corn Salad', category: 'spicy', price: 10.2, emoji: '1f33d', recipe: 'Sweet corn, jalapeño, red pepper and smoked paprika dressing.' },
  { name: 'Harissa Carrot Ribbons', category: 'spicy', price: 9.5, emoji: '1f955', recipe: 'Carrot ribbons in raw harissa with mint and pistachio.' },
  { name: 'Thai Chili Papaya Slaw', category: 'spicy', price: 11.2, emoji: '1f95c', recipe: 'Green papaya, peanuts, bird-eye chili, lime and palm sugar.' },
  // dessert
  { name: 'Raw Cacao Cheesecake', category: 'dessert', price: 8.5, emoji: '1f370', recipe: 'Cashew and cacao cream on a date and almond crust.' },
  { name: 'Coconut Cream Pie', category: 'dessert', price: 7.9, newPrice: 6.5, emoji: '1f967', recipe: 'Young coconut cream on a pecan crust, dusted with vanilla.' },
  { name: 'Banana Nice Cream', category: 'dessert', price: 6.5, emoji: '1f368', recipe: 'Frozen banana whipped with vanilla and cacao nibs.' },
  { name: 'Date Caramel Cups', category: 'dessert', price: 6.9, emoji: '1f9c1', recipe: 'Almond cups with salted date caramel and raw chocolate.' },
  { name: 'Cacao Truffles', category: 'dessert', price: 5.5, emoji: '1f36b', recipe: 'Cacao, hazelnut and maple truffles rolled in coconut.' },
  { name: 'Mango Sorbet', category: 'dessert', price: 5.9, emoji: '1f367', recipe: 'Mango and lime blended and frozen, nothing added.' },
  // foodbread
  { name: 'Sprouted Buckwheat Bread', category: 'foodbread', price: 6.5, emoji: '1f35e', recipe: 'Dehydrated sprouted buckwheat, flax and sunflower seeds.' },
  { name: 'Onion Flax Crackers', category: 'foodbread', price: 5.2, emoji: '1f9c5', recipe: 'Crisp flax crackers with sweet onion and herbs.' },
  { name: 'Seeded Baguette', category: 'foodbread', price: 6.9, newPrice: 5.9, emoji: '1f956', recipe: 'Almond and psyllium loaf, dried slow at low heat.' },
  { name: 'Herb Flatbread', category: 'foodbread', price: 5.8, emoji: '1fad3', recipe: 'Zucchini flatbread with rosemary and sea salt.' },
  { name: 'Sweet Carrot Croissant', category: 'foodbread', price: 4.9, emoji: '1f950', recipe: 'Layered carrot and coconut dough, dried crisp.' },
  { name: 'Sesame Ring Bagel', category: 'foodbread', price: 4.5, emoji: '1f96f', recipe: 'Sprouted grain ring topped with sesame and poppy seeds.' },
  // grilled
  { name: 'Grilled Eggplant Stack', category: 'grilled', price: 13.5, emoji: '1f346', recipe: 'Charred eggplant layered with tomato, basil and cashew cheese.' },
  { name: 'Flame Corn on the Cob', category: 'grilled', price: 7.9, emoji: '1f33d', recipe: 'Sweet corn kissed by the grill, with lime-chili butter.' },
  { name: 'Veggie Skewers', category: 'grilled', price: 12.5, newPrice: 10.9, emoji: '1f362', recipe: 'Peppers, onion, zucchini and mushrooms on skewers with chimichurri.' },
  { name: 'Portobello Steak', category: 'grilled', price: 14.9, emoji: '1f344', recipe: 'Marinated portobello seared on the grill with herb salsa verde.' },
  { name: 'Grilled Pepper Salad', category: 'grilled', price: 11.4, emoji: '1fad1', recipe: 'Blistered peppers, capers, olive oil and parsley.' },
  { name: 'Charred Broccoli', category: 'grilled', price: 10.5, emoji: '1f966', recipe: 'Broccoli florets with garlic, lemon and almond crumb.' },
  // pickles
  { name: 'Garden Pickle Mix', category: 'pickles', price: 5.5, emoji: '1f952', recipe: 'Cucumber, carrot and cauliflower pickled in apple cider vinegar.' },
  { name: 'Marinated Olives', category: 'pickles', price: 4.9, newPrice: 4.2, emoji: '1fad2', recipe: 'Green and black olives with orange zest and thyme.' },
  { name: 'Pickled Red Onions', category: 'pickles', price: 3.9, emoji: '1f9c5', recipe: 'Red onion rings quick-pickled with lime and oregano.' },
  { name: 'Fermented Garlic Jar', category: 'pickles', price: 5.9, emoji: '1f9c4', recipe: 'Whole garlic cloves fermented in brine for six weeks.' },
  { name: 'Lemon Preserve', category: 'pickles', price: 4.5, emoji: '1f34b', recipe: 'Salt-preserved lemons, soft and fragrant.' },
  { name: 'Carrot Ginger Pickles', category: 'pickles', price: 4.8, emoji: '1f955', recipe: 'Carrot batons with fresh ginger and coriander seed.' },
  // honey
  { name: 'Honey Walnut Salad', category: 'honey', price: 11.9, emoji: '1f36f', recipe: 'Mixed greens, walnuts and pear with a raw honey-mustard dressing.' },
  { name: 'Honey Glazed Figs', category: 'honey', price: 8.5, newPrice: 7.2, emoji: '1f351', recipe: 'Fresh figs with raw honey, thyme and crushed pistachio.' },
  { name: 'Honey Almond Bites', category: 'honey', price: 5.9, emoji: '1f330', recipe: 'Almond and date bites bound with wildflower honey.' },
  { name: 'Honey Lemon Tonic', category: 'honey', price: 4.9, emoji: '1f375', recipe: 'Warm-not-hot water, lemon, ginger and raw honey.' },
  { name: 'Apple Honey Slaw', category: 'honey', price: 7.8, emoji: '1f34e', recipe: 'Crisp apple and fennel slaw with honey-cider dressing.' },
  { name: 'Honey Berry Parfait', category: 'honey', price: 7.5, emoji: '1f353', recipe: 'Cashew yoghurt, berries and honey-soaked buckwheat.' },
  // fruits
  { name: 'Tropical Fruit Platter', category: 'fruits', price: 12.5, emoji: '1f34d', recipe: 'Pineapple, papaya, mango and dragon fruit with lime.' },
  { name: 'Watermelon Mint Cubes', category: 'fruits', price: 6.5, newPrice: 5.5, emoji: '1f349', recipe: 'Chilled watermelon with mint and a pinch of sea salt.' },
  { name: 'Strawberry Basket', category: 'fruits', price: 7.2, emoji: '1f353', recipe: 'Farm strawberries with basil and balsamic reduction.' },
  { name: 'Grape & Kiwi Cup', category: 'fruits', price: 6.8, emoji: '1f95d', recipe: 'Green grapes and golden kiwi with lemon zest.' },
  { name: 'Cherry Bowl', category: 'fruits', price: 8.9, emoji: '1f352', recipe: 'Sweet cherries, pitted by hand, with cacao nibs.' },
  { name: 'Banana Split Raw', category: 'fruits', price: 7.9, emoji: '1f34c', recipe: 'Banana with berry coulis, nut cream and crushed hazelnuts.' },
  // juice
  { name: 'Green Detox Juice', category: 'juice', price: 6.5, emoji: '1f9c3', recipe: 'Celery, cucumber, spinach, apple and lemon, cold-pressed.' },
  { name: 'Orange Carrot Glow', category: 'juice', price: 5.9, newPrice: 4.9, emoji: '1f34a', recipe: 'Orange, carrot and turmeric, pressed to order.' },
  { name: 'Berry Blast Smoothie', category: 'juice', price: 6.9, emoji: '1f964', recipe: 'Blueberry, strawberry, banana and almond milk.' },
  { name: 'Tropical Punch', category: 'juice', price: 6.4, emoji: '1f379', recipe: 'Pineapple, passion fruit and coconut water.' },
  { name: 'Almond Milk Shake', category: 'juice', price: 5.5, emoji: '1f95b', recipe: 'Fresh almond milk with dates and vanilla.' },
  { name: 'Watermelon Cooler', category: 'juice', price: 5.2, emoji: '1f349', recipe: 'Watermelon, lime and mint, served over ice.' },
];

export interface DemoReview {
  name: string;
  details: string;
  emoji: string;
  background: [string, string];
}

export const DEMO_REVIEWS: DemoReview[] = [
  { name: 'Amelia Hart', emoji: '1f469', background: ['#fde68a', '#f97316'], details: 'The raw lasagna tastes better than the baked one I grew up with. Fresh, light and beautifully served.' },
  { name: 'Rafiq Hasan', emoji: '1f468', background: ['#bbf7d0', '#059669'], details: 'Delivery was on time at midnight and the green juice was still cold. A rare find in this city.' },
  { name: 'Grace Okafor', emoji: '1f475', background: ['#fbcfe8', '#be185d'], details: 'I have tried every dessert. The cacao cheesecake is my weekly treat and it has no refined sugar.' },
  { name: 'Tomás Rivera', emoji: '1f9d4', background: ['#cffafe', '#0e7490'], details: 'Honest prices, generous bowls and staff who know every ingredient. Safe food you can trust.' },
  { name: 'Mei Lin', emoji: '1f469-200d-1f9b0', background: ['#e9d5ff', '#7c3aed'], details: 'The spicy kimchi salad is exactly the kick I want at lunch. My whole office orders from here now.' },
  { name: 'Chef Daniel Brook', emoji: '1f9d1-200d-1f373', background: ['#fed7aa', '#c2410c'], details: 'As a chef I am picky. Their knife work and their fermentation are the real thing.' },
];

/**
 * The demo dishes' tags and allergens, read from their recipes (docs/product.md §18): an owner
 * sets their own in Add and Update item. Plant "milk", "cheese" and "yoghurt" of nuts are nuts,
 * not milk; honey is not vegan.
 */
export function demoLabels(item: DemoItem): { tags: DishTag[]; allergens: Allergen[] } {
  const text = `${item.name} ${item.recipe}`.toLowerCase();
  const has = (pattern: RegExp) => pattern.test(text);
  const allergens: Allergen[] = [];
  if (has(/almond|cashew|walnut|macadamia|pecan|hazelnut|pistachio/)) allergens.push('nuts');
  if (has(/peanut/)) allergens.push('peanuts');
  if (has(/sesame|tahini/)) allergens.push('sesame');
  if (has(/celery/)) allergens.push('celery');
  if (has(/mustard/)) allergens.push('mustard');
  if (has(/\bbutter\b/) && !has(/(almond|cashew|peanut) butter/)) allergens.push('milk');
  if (has(/\beggs?\b/)) allergens.push('eggs');
  const tags: DishTag[] = [];
  const animal = allergens.includes('milk') || allergens.includes('eggs') || has(/honey/);
  if (!animal) tags.push('vegan');
  tags.push('vegetarian', 'gluten-free');
  if (!allergens.includes('milk')) tags.push('dairy-free');
  if (!allergens.includes('nuts') && !allergens.includes('peanuts')) tags.push('nut-free');
  if (item.category === 'spicy' || has(/chili|jalape|harissa|cayenne/)) tags.push('spicy');
  return { tags, allergens };
}
