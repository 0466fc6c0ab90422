/**
 * Busy mode's choices and words (docs/product.md §20), Zod-free so that the order board carries
 * them without the schema library; the schemas are in restaurant-settings.ts.
 */
import { READY_IN_MAX, READY_IN_MIN } from './order-workflow.ts';

export const EXTRA_MINUTES = [0, 10, 20, 30] as const;
export const PAUSE_MINUTES = [15, 30, 60] as const;
export const DELAY_MINUTES = [5, 10, 15, 20, 30] as const;
export const DEFAULT_PREPARATION_MINUTES = 20;

export const BUSY_TEXTS = {
  extraMinutes: 'Add 0, 10, 20 or 30 minutes to quoted times',
  preparationMinutes: `The preparation time is a whole number of minutes from ${READY_IN_MIN} to ${READY_IN_MAX}`,
  pause: 'Pause for 15, 30 or 60 minutes, or send untilResumed or resume',
  delay: 'Push the ready time back by 5, 10, 15, 20 or 30 minutes',
  nothing: 'Say what to change: pause, extraMinutes or autoAccept',
  /** When staff pause and the owner wrote no message. */
  defaultPauseMessage: 'The kitchen is very busy: we take orders again shortly.',
  notDelayable: 'Only an accepted order, or one being prepared, can be pushed back',
} as const;

