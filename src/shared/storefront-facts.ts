/**
 * What the storefront promises (the hero, the feature cards, the about pages) follows the
 * restaurant's settings (issue 43, point 5): the hours when they are not round the clock, and home
 * delivery only while it is offered. The demo's settings (open 24/7, every way) keep the spec's
 * words (docs/product.md §2.2). Zod-free: the public pages carry it.
 */
import { minutesOf, WEEKDAYS, type TimeRange, type Weekday } from './opening-hours.ts';
import type { FulfilmentType } from './order-workflow.ts';
import type { Translate } from './i18n/catalogue.ts';
import { PRODUCT_NAME } from './product.ts';

/** Days in a row that share their hours: Monday to Friday, 11:00–22:00. */
export interface HoursRun {
  from: Weekday;
  to: Weekday;
  /** Sorted; one range of 00:00–24:00 is all day. */
  ranges: TimeRange[];
}

export interface StorefrontFacts {
  /** null: open round the clock every day; []: no opening hours at all; else the runs of days. */
  hours: HoursRun[] | null;
  /** Days of the week with any opening hours. */
  openDays: number;
  ways: Record<FulfilmentType, boolean>;
}

const allDay = (ranges: readonly TimeRange[]) => ranges.length === 1 && ranges[0]!.open === '00:00' && ranges[0]!.close === '24:00';
const sameRanges = (a: readonly TimeRange[], b: readonly TimeRange[]) => JSON.stringify(a) === JSON.stringify(b);

/** From the settings' weekly hours and ways (a dated closed day is the status line's to say). */
export function storefrontFacts(settings: { hours: Record<Weekday, readonly TimeRange[]>; fulfilments: Record<FulfilmentType, boolean> }): StorefrontFacts {
  const days = WEEKDAYS.map((day) => [...settings.hours[day]].sort((a, b) => minutesOf(a.open) - minutesOf(b.open)));
  const openDays = days.filter((ranges) => ranges.length > 0).length;
  const ways = { table: settings.fulfilments.table, pickup: settings.fulfilments.pickup, delivery: settings.fulfilments.delivery };
  if (days.every(allDay)) return { hours: null, openDays, ways };
  // Runs of days in a row with the same hours: Mon–Fri 11:00–22:00, Sat 12:00–23:00.
  const hours: HoursRun[] = [];
  days.forEach((ranges, index) => {
    const last = hours.at(-1);
    if (ranges.length === 0) return;
    if (last && sameRanges(last.ranges, ranges) && WEEKDAYS.indexOf(last.to) === index - 1) last.to = WEEKDAYS[index]!;
    else hours.push({ from: WEEKDAYS[index]!, to: WEEKDAYS[index]!, ranges });
  });
  return { hours, openDays, ways };
}

/** A day's short name in the reader's language (Mon, Mo.), from Intl: 2024-01-01 was a Monday. */
function dayName(day: Weekday, language: string): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(date);
}

/** "Mon–Wed 11:00–15:00, Fri–Sat 11:00–15:00 & 17:30–22:00", "daily 11:00–15:00", "Sat all day". */
export function hoursWords(hours: readonly HoursRun[], t: Translate, language: string): string {
  const times = (ranges: readonly TimeRange[]) => (allDay(ranges) ? t('facts.allDay') : ranges.map((range) => `${range.open}–${range.close}`).join(' & '));
  const run = hours[0];
  if (hours.length === 1 && run!.from === 'monday' && run!.to === 'sunday') return t('facts.daily', { times: times(run!.ranges) });
  return hours
    .map(({ from, to, ranges }) => {
      const days = from === to ? dayName(from, language) : t('facts.dayRange', { from: dayName(from, language), to: dayName(to, language) });
      return t('facts.run', { days, times: times(ranges) });
    })
    .join(', ');
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

/** The storefront's words for these facts in the reader's language; without facts (not known yet) it promises nothing either way. */
export function storefrontTexts(facts: StorefrontFacts | undefined, t: Translate, language: string): StorefrontTexts {
  if (!facts) {
    return {
      hero: '',
      hoursCard: { title: t('facts.hoursCard.title'), text: t('facts.hoursCard.unknown') },
      wayCard: { way: 'table', title: t('facts.wayCard.madeToOrder.title'), text: t('facts.wayCard.madeToOrder.text') },
      aboutNumber: undefined,
      kitchen: t('facts.kitchen.full'),
      claims: [],
      crew: t('facts.crew.kitchen'),
    };
  }
  const always = facts.hours === null;
  const hours = facts.hours && facts.hours.length > 0 ? hoursWords(facts.hours, t, language) : undefined;
  const open = always ? t('facts.open.always') : hours ? t('facts.open.hours', { hours }) : t('facts.open.closed');
  const { table, pickup, delivery } = facts.ways;
  const how = delivery ? t('facts.how.delivery') : table && pickup ? t('facts.how.tableOrPickup') : table ? t('facts.how.table') : t('facts.how.pickup');
  const hoursCard: Card = always
    ? { title: t('facts.open.always'), text: t('facts.hoursCard.always') }
    : { title: t('facts.hoursCard.title'), text: hours ? t('facts.hoursCard.hours', { hours }) : t('facts.hoursCard.closed') };
  const wayCard: StorefrontTexts['wayCard'] = delivery
    ? { way: 'delivery', title: t('facts.wayCard.delivery.title'), text: t('facts.wayCard.delivery.text') }
    : pickup
      ? { way: 'pickup', title: t('facts.wayCard.pickup.title'), text: t('facts.wayCard.pickup.text') }
      : { way: 'table', title: t('facts.wayCard.table.title'), text: t('facts.wayCard.table.text') };
  const openLabel = always ? t('facts.aboutNumber.always') : t('facts.aboutNumber.days');
  return {
    hero: t('facts.hero', { open, how }),
    hoursCard,
    wayCard,
    aboutNumber: { value: always ? '24/7' : `${facts.openDays}/7`, label: delivery ? t('facts.withDelivery', { words: openLabel }) : openLabel },
    kitchen: always ? t('facts.kitchen.never') : t('facts.kitchen.full'),
    claims: [delivery ? t('facts.withDelivery', { words: open }) : open, always ? t('facts.claim.visitAlways') : t('facts.claim.visitOpen')],
    crew: (() => {
      const where = delivery ? t('facts.crew.kitchenAndBikes') : t('facts.crew.kitchen');
      return always ? t('facts.crew.dayAndNight', { crew: where }) : where;
    })(),
  };
}

/** The pages' meta description (the spec's shop: "…, open 24/7 with home delivery."). */
export function storefrontDescription(facts: StorefrontFacts, t: Translate, language: string): string {
  const hours = facts.hours && facts.hours.length > 0 ? hoursWords(facts.hours, t, language) : undefined;
  const open = facts.hours === null ? t('facts.description.always') : hours ? t('facts.description.hours', { hours }) : t('facts.description.closed');
  return t(facts.ways.delivery ? 'facts.description.withDelivery' : 'facts.description', { shop: PRODUCT_NAME, open });
}
