import type { Translate } from '../../shared/i18n/catalogue.ts';
import type { ShopStatus, StatusDay } from '../../shared/order-slots.ts';

/**
 * The opening-hours strip's line in the reader's language ("Open now · around the clock",
 * "Rund um die Uhr geöffnet"): English reads exactly as shopStatusLine (src/shared/order-slots.ts).
 */
export function statusWords(status: ShopStatus, t: Translate): string {
  const day = (words: StatusDay) =>
    words.kind === 'today' ? t('openNow.today') : words.kind === 'tomorrow' ? t('openNow.tomorrow') : words.kind === 'weekday' ? words.words : words.date;
  switch (status.kind) {
    case 'orderAhead':
      return t('openNow.orderAhead', { day: day(status.day), time: status.time });
    case 'paused': {
      // The owner's own words stay as typed; without them, the shop's.
      const message = status.message || t('openNow.pausedFallback');
      return status.until ? t('openNow.pausedUntil', { time: status.until, message }) : t('openNow.paused', { message });
    }
    case 'open':
      if (!status.until) return t('openNow.allDay');
      return status.until.day ? t('openNow.untilDay', { day: day(status.until.day), time: status.until.time }) : t('openNow.until', { time: status.until.time });
    case 'closed':
      if (!status.opens) return t('openNow.closed');
      return status.opens.day ? t('openNow.opensDay', { day: day(status.opens.day), time: status.opens.time }) : t('openNow.opensAt', { time: status.opens.time });
  }
}
