/**
 * What the storefront promises (the hero, the feature cards, the about pages) follows the
 * restaurant's settings (issue 43, point 5): the hours when they are not round the clock, and home
 * delivery only while it is offered. The demo's settings (open 24/7, every way) keep the spec's
 * words (docs/product.md §2.2). Zod-free: the public pages carry it.
 */
import { minutesOf, WEEKDAYS, type TimeRange, type Weekday } from './opening-hours.ts';
import type { FulfilmentType } from './order-workflow.ts';
import { PRODUCT_NAME } from './product.ts';

export interface StorefrontFacts {
  /** null: open round the clock every day; '' : no opening hours at all; else "Mon–Fri 11:00–22:00, Sat 12:00–23:00". */
  hours: string | null;
  /** Days of the week with any opening hours. */
  openDays: number;
  ways: Record<FulfilmentType, boolean>;
}

const SHORT_DAY: Record<Weekday, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

const dayWords = (ranges: readonly TimeRange[]): string => {
  const sorted = [...ranges].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
  if (sorted.length === 1 && sorted[0]!.open === '00:00' && sorted[0]!.close === '24:00') return 'all day';
  return sorted.map((range) => `${range.open}–${range.close}`).join(' & ');
};

/** From the settings' weekly hours and ways (a dated closed day is the status line's to say). */
export function storefrontFacts(settings: { hours: Record<Weekday, readonly TimeRange[]>; fulfilments: Record<FulfilmentType, boolean> }): StorefrontFacts {
  const words = WEEKDAYS.map((day) => (settings.hours[day].length === 0 ? '' : dayWords(settings.hours[day])));
  const openDays = words.filter(Boolean).length;
  const ways = { table: settings.fulfilments.table, pickup: settings.fulfilments.pickup, delivery: settings.fulfilments.delivery };
  if (words.every((w) => w === 'all day')) return { hours: null, openDays, ways };
  if (openDays === 7 && words.every((w) => w === words[0])) return { hours: `daily ${words[0]}`, openDays, ways };
  // Runs of days in a row with the same hours: "Mon–Fri 11:00–22:00, Sat 12:00–23:00".
  const runs: { from: number; to: number; words: string }[] = [];
  words.forEach((w, day) => {
    const last = runs.at(-1);
    if (w && last && last.words === w && last.to === day - 1) last.to = day;
    else if (w) runs.push({ from: day, to: day, words: w });
  });
  const name = (day: number) => SHORT_DAY[WEEKDAYS[day]!];
  const hours = runs.map((run) => `${name(run.from)}${run.to > run.from ? `–${name(run.to)}` : ''} ${run.words}`).join(', ');
  return { hours, openDays, ways };
}

interface Card {
  title: string;
  text: string;
}

export interface StorefrontTexts {
  /** The hero's last sentence (the spec's: "Open 24/7, delivered to your home."); '' while not known. */
  hero: string;
  hoursCard: Card;
  /** The card of how the meal reaches the customer, for its picture. */
  wayCard: Card & { way: FulfilmentType };
  /** The about page's number and its words ("24/7", "open, with home delivery"). */
  aboutNumber: { value: string; label: string } | undefined;
  /** The story: "…the counter is {kitchen}". */
  kitchen: string;
  /** The detail page's claims about the hours and the delivery. */
  claims: string[];
  /** Who works where, and when: "in our kitchen and on our bikes, day and night". */
  crew: string;
}

/** The storefront's words for these facts; without facts (not known yet) it promises nothing either way. */
export function storefrontTexts(facts: StorefrontFacts | undefined): StorefrontTexts {
  if (!facts) {
    return {
      hero: '',
      hoursCard: { title: 'Opening hours', text: 'The line at the top of the page says whether we are open now.' },
      wayCard: { way: 'table', title: 'Made to order', text: 'Every plate is made when you order it, fresh from the kitchen.' },
      aboutNumber: undefined,
      kitchen: 'a full kitchen',
      claims: [],
      crew: 'in our kitchen',
    };
  }
  const always = facts.hours === null;
  const open = always ? 'Open 24/7' : facts.hours ? `Open ${facts.hours}` : 'Closed for now';
  const { table, pickup, delivery } = facts.ways;
  const how = delivery ? 'delivered to your home' : table && pickup ? 'at our tables or to take away' : table ? 'served at our tables' : 'ready for you to pick up';
  const hoursCard: Card = always
    ? { title: 'Open 24/7', text: 'Breakfast at dawn or a bowl at midnight: our kitchen never closes.' }
    : { title: 'Opening hours', text: facts.hours ? `Open ${facts.hours}.` : 'We are closed for now: the line at the top of the page says when we open again.' };
  const wayCard: StorefrontTexts['wayCard'] = delivery
    ? { way: 'delivery', title: 'Home delivery', text: 'Packed cold and brought to your door by our own riders, in insulated boxes.' }
    : pickup
      ? { way: 'pickup', title: 'Take away', text: 'Order ahead and pick your meal up at the counter, packed cold in boxes that keep it fresh.' }
      : { way: 'table', title: 'Eat with us', text: 'Order from your table and the kitchen brings your plate to you, freshly made.' };
  return {
    hero: `${open}, ${how}.`,
    hoursCard,
    wayCard,
    aboutNumber: { value: always ? '24/7' : `${facts.openDays}/7`, label: `${always ? 'open' : 'days a week open'}${delivery ? ', with home delivery' : ''}` },
    kitchen: always ? 'a kitchen that never closes' : 'a full kitchen',
    claims: [`${open}${delivery ? ', with home delivery' : ''}`, always ? 'A kitchen you may visit at any hour' : 'A kitchen you may visit whenever we are open'],
    crew: `in our kitchen${delivery ? ' and on our bikes' : ''}${always ? ', day and night' : ''}`,
  };
}

/** The pages' meta description (the spec's shop: "…, open 24/7 with home delivery."). */
export function storefrontDescription(facts: StorefrontFacts): string {
  const always = facts.hours === null;
  const open = always ? 'open 24/7' : facts.hours ? `open ${facts.hours}` : 'closed for now';
  return `${PRODUCT_NAME}: safe, healthy, reasonably priced raw food, ${open}${facts.ways.delivery ? ' with home delivery' : ''}.`;
}
