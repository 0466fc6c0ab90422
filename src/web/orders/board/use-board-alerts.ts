import { useCallback, useState } from 'react';
import type { Order } from '../../../shared/orders.ts';
import { fulfilmentSummary, itemCount, orderNumber } from '../order-format.ts';
import { playChime, unlockAudio } from './chime.ts';

const canNotify = () => typeof Notification !== 'undefined';

/**
 * How the board tells staff about a new order: a chime (once sound is enabled by a click), a
 * desktop notification (when allowed and the board is not in front of them), and a sentence for
 * the board's live region, read out by screen readers.
 */
export function useBoardAlerts() {
  const [sound, setSound] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const enableSound = useCallback(() => {
    unlockAudio();
    playChime(); // so staff hear what a new order sounds like, and set their volume
    setSound(true);
    if (canNotify() && Notification.permission === 'default') void Notification.requestPermission();
  }, []);

  const announce = useCallback(
    (order: Order) => {
      const text = `New order ${orderNumber(order)}: ${fulfilmentSummary(order.fulfilment)}, ${itemCount(order)} ${itemCount(order) === 1 ? 'item' : 'items'}`;
      setAnnouncement(text);
      if (sound) playChime();
      // A notification is for staff who are looking elsewhere; the board itself shows the order.
      if (canNotify() && Notification.permission === 'granted' && (document.hidden || !document.hasFocus())) {
        new Notification(text, { tag: order._id });
      }
    },
    [sound],
  );

  return { sound, enableSound, muteSound: useCallback(() => setSound(false), []), announce, announcement };
}
