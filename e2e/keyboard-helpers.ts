import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * What the keyboard tests share: moving the focus as a person without a mouse does, and reading
 * where it is. Nothing here clicks.
 */

/** A short name of the focused element, for the trail a failed `tabTo` prints. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(nothing)';
    const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim().slice(0, 30) ?? '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times; fails with the
 * path the focus took when it never gets there.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await target.waitFor({ state: 'attached' });
  const trail: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    if (presses === max) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    trail.push(await focusedName(page));
  }
  throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target} in ${max} presses: ${trail.join(' → ')}`);
}

/** How an element the focus reached is drawn while it has the focus, and where it is. */
interface FocusStop {
  name: string;
  outline: string;
  outlineVisible: boolean;
  boxShadow: string;
  /** Some of the element's part on screen is not under another element (a sticky header, a bar). */
  reachable: boolean;
}

/**
 * Runs in the page: reads the focused element (undefined when the focus has left the page, at the
 * end of the Tab order), and the box shadow of the one focused at the previous call, now that it
 * has lost the focus.
 */
async function readFocus(): Promise<{ stop?: FocusStop; previousShadowNow?: string }> {
  // Two frames, so that a transition of the focus styles has ended (the tests turn transitions
  // down to 0.01 ms with prefers-reduced-motion, src/web/styles.css).
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const state = window as unknown as { __kbPrevious?: Element };
  const previousShadowNow = state.__kbPrevious ? getComputedStyle(state.__kbPrevious).boxShadow : undefined;
  const element = document.activeElement;
  if (!element || element === document.body) return { previousShadowNow };
  state.__kbPrevious = element;
  const style = getComputedStyle(element);
  // The part of the element inside the window; some point of it must show the element itself.
  const rect = element.getBoundingClientRect();
  const left = Math.max(rect.left, 0);
  const right = Math.min(rect.right, window.innerWidth);
  const top = Math.max(rect.top, 0);
  const bottom = Math.min(rect.bottom, window.innerHeight);
  const points: [number, number][] = [];
  if (right > left && bottom > top) {
    for (const fx of [0.5, 0.1, 0.9]) for (const fy of [0.5, 0.1, 0.9]) points.push([left + (right - left) * fx, top + (bottom - top) * fy]);
  }
  const reachable = points.some(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    // A radio button or a checkbox is often drawn inside its label.
    return hit !== null && (element.contains(hit) || hit.contains(element) || (hit instanceof HTMLLabelElement && hit.control === element));
  });
  const colour = style.outlineColor;
  const transparent = colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);
  return {
    previousShadowNow,
    stop: {
      name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      outline: `${style.outlineStyle} ${style.outlineWidth} ${colour}`,
      outlineVisible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent,
      boxShadow: style.boxShadow,
      reachable,
    },
  };
}

/**
 * Tabs through the whole page from its top and checks every element the focus reaches: a visible
 * focus indicator (an outline, or a box shadow that only the focus gives it; WCAG 2.4.7) and not
 * hidden under anything (WCAG 2.4.11), going down with Tab and back up with Shift+Tab. Answers
 * the names of the elements visited. Call it with reduced motion emulated, so that styles that
 * fade in (the menu card's button) are read at their end.
 */
export async function expectVisibleFocusOnEveryStop(page: Page, { max = 200 } = {}): Promise<string[]> {
  await page.evaluate(() => {
    delete (window as unknown as { __kbPrevious?: unknown }).__kbPrevious;
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const visited: string[] = [];
  const problems: string[] = [];
  let previous: FocusStop | undefined;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const { stop, previousShadowNow } = await page.evaluate(readFocus);
    // Without an outline, the focus must give the element a box shadow (a ring) it has not otherwise.
    if (previous && !previous.outlineVisible && (previous.boxShadow === 'none' || previousShadowNow === previous.boxShadow)) {
      problems.push(`${previous.name}: no focus indicator (outline ${previous.outline}, box shadow ${previous.boxShadow})`);
    }
    if (!stop) break;
    if (!stop.reachable) problems.push(`${stop.name}: focused but hidden or covered (Tab)`);
    visited.push(stop.name);
    previous = stop;
  }
  if (visited.length === max) problems.push(`the Tab order did not end after ${max} stops`);
  // And back up: the page scrolls the other way, towards the sticky header.
  for (let i = 0; i < visited.length; i++) {
    await page.keyboard.press('Shift+Tab');
    const { stop } = await page.evaluate(readFocus);
    if (!stop) break;
    if (!stop.reachable) problems.push(`${stop.name}: focused but hidden or covered (Shift+Tab)`);
  }
  if (problems.length > 0) throw new Error(`Focus problems:\n${problems.join('\n')}\nvisited: ${visited.join(' → ')}`);
  return visited;
}

/**
 * Presses Tab through an open dialog until the focus comes round, checking that it never leaves
 * the dialog; then Shift+Tab from the first stop must go to the last. Answers the stops in order.
 */
export async function expectTabToCycleInside(page: Page, dialog: Locator, { max = 30 } = {}): Promise<string[]> {
  const mark = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return { id: '(nothing)', inside: false, name: '(nothing)' };
      const counter = window as unknown as { __kbMarks?: number };
      element.dataset.kbStop ??= String((counter.__kbMarks = (counter.__kbMarks ?? 0) + 1));
      return {
        id: element.dataset.kbStop,
        inside: element.closest('dialog[open]') !== null,
        name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`,
      };
    });
  await expect(dialog).toBeVisible();
  const start = await mark();
  expect(start.inside, `the dialog has the focus when it opens (it is on ${start.name})`).toBe(true);
  const stops = [start];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await mark();
    expect(now.inside, `Tab after ${stops.at(-1)!.name} left the dialog for ${now.name}`).toBe(true);
    if (now.id === start.id) break;
    stops.push(now);
  }
  expect((await mark()).id, `Tab came back to ${start.name} within ${max} presses`).toBe(start.id);
  expect(stops.length, 'the dialog has more than one place for the focus').toBeGreaterThan(1);
  // And backwards: from the first stop Shift+Tab goes round to the last.
  const first = stops[0]!;
  await page.keyboard.press('Shift+Tab');
  const back = await mark();
  expect(back.inside).toBe(true);
  expect(back.id, `Shift+Tab from ${first.name} goes to the last stop`).toBe(stops.at(-1)!.id);
  await page.keyboard.press('Tab');
  return stops.map((s) => s.name);
}

/**
 * Starts recording every text an element takes (a live region), so a test can read what was
 * announced even when a later change replaced it. Read with `announced`.
 */
export async function recordAnnouncements(region: Locator): Promise<void> {
  await region.evaluate((element) => {
    const log: string[] = [];
    (element as unknown as { __kbLog: string[] }).__kbLog = log;
    const note = () => {
      const text = element.textContent?.trim() ?? '';
      if (text && log.at(-1) !== text) log.push(text);
    };
    note();
    new MutationObserver(note).observe(element, { childList: true, subtree: true, characterData: true });
  });
}

export function announced(region: Locator): Promise<string[]> {
  return region.evaluate((element) => (element as unknown as { __kbLog?: string[] }).__kbLog ?? []);
}
