import { useCallback, useEffect, useState } from 'react';
import type { Order } from '../../../shared/orders.ts';
import { useT } from '../../i18n/i18n.ts';
import { itemCount, orderNumber } from '../order-format.ts';
import { useOrderWords } from '../use-order-words.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';
import { playChime, unlockAudio } from './chime.ts';

const canNotify = () => typeof Notification !== 'undefined';

/** The board's sound choice, kept on the device: a kitchen tablet needn't be told again each morning. */
export const SOUND_KEY = 'rawroots.board.sound';

function storedSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false; // storage blocked: the choice lasts as long as the page
  }
}

function storeSound(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // As above.
  }
}

/**
 * How the board tells staff about a new order: a chime (once sound is enabled by a click, and
 * from then on on this device), a desktop notification (when allowed and the board is not in front
 * of them), and a sentence for the board's live region, read out by screen readers.
 */
export function useBoardAlerts() {
  const [sound, setSound] = useState(storedSound);
  const [announcement, setAnnouncement] = useState('');
  const timeZone = useShopTimeZone();
  const t = useT();
  const words = useOrderWords();

  // A remembered "on": browsers let audio start only after a touch or key on the page, so the
  // first one anywhere on the board unlocks it (unlockAudio is idempotent).
  useEffect(() => {
    if (!sound) return;
    unlockAudio();
    const unlock = () => unlockAudio();
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [sound]);

  const enableSound = useCallback(() => {
    unlockAudio();
    playChime(); // so staff hear what a new order sounds like, and set their volume
    setSound(true);
    storeSound(true);
    if (canNotify() && Notification.permission === 'default') void Notification.requestPermission();
  }, []);

  const muteSound = useCallback(() => {
    setSound(false);
    storeSound(false);
  }, []);

  // "Table 12", "Pickup today at 12:30", "Pickup as soon as possible", "Delivery to …".
  const summaryOf = useCallback(
    (f: Order['fulfilment']) => {
      const when = words.scheduled(f, timeZone);
      const later = when ? ` ${when.charAt(0).toLocaleLowerCase()}${when.slice(1)}` : '';
      if (f.type === 'table') return t('board.alert.table', { table: f.table ?? '', later }).trim();
      if (f.type === 'pickup') return later ? t('board.alert.pickup', { later }) : t('board.alert.pickupAsap');
      return f.address ? t('board.alert.deliveryTo', { later, address: words.addressLine(f.address) }) : t('board.alert.delivery', { later });
    },
    [t, words, timeZone],
  );

  const announce = useCallback(
    (order: Order) => {
      const text = t('board.alert.new', { number: orderNumber(order), summary: summaryOf(order.fulfilment), count: itemCount(order) });
      setAnnouncement(text);
      if (sound) playChime();
      // A notification is for staff who are looking elsewhere; the board itself shows the order.
      if (canNotify() && Notification.permission === 'granted' && (document.hidden || !document.hasFocus())) {
        new Notification(text, { tag: order._id });
      }
    },
    [sound, t, summaryOf],
  );

  return { sound, enableSound, muteSound, announce, announcement };
}
