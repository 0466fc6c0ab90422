import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_NAMES, areaOfMessage, areasOfPage, DASHBOARD_FRAME_AREAS, LAZY_PART_AREAS, messagesOfArea } from '../src/shared/i18n/areas.ts';
import { readCatalogue } from '../src/shared/i18n/catalogue-files.ts';
import { SOURCE_LANGUAGE } from '../src/shared/i18n/languages.ts';
import { APP_ROUTES, NOT_FOUND_PAGE } from '../src/shared/paths.ts';
import { SERVER_ONLY_ID } from '../src/shared/i18n/catalogue.ts';

/**
 * The catalogues are cut by area and a page loads only the frame's (`common`) and its own
 * (src/shared/i18n/areas.ts): a component that uses a message of an area its page does not load
 * would show the id. Read from the sources: every module a page imports (statically or with
 * `import()`), and the frame's, may use only its page's areas.
 */
const WEB = path.resolve('src/web');
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+\.tsx?)'/g;
const MESSAGE = /\bt\(\s*'([\w.]+)'|<Trans\s+id="([\w.]+)"/g;

/** The modules `file` imports, and theirs, but not into another page (`stops`); type-only imports bring no words. */
function modulesFrom(file: string, seen = new Set<string>(), stops = new Set<string>()): Set<string> {
  if (seen.has(file) || stops.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8').replace(/^import type [^;]+;/gm, '');
  for (const [, imported] of code.matchAll(IMPORT)) modulesFrom(path.resolve(path.dirname(file), imported!), seen, stops);
  return seen;
}

function messagesIn(files: Iterable<string>): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    for (const [, call, trans] of fs.readFileSync(file, 'utf8').matchAll(MESSAGE)) used.set(call ?? trans!, path.relative(WEB, file));
  }
  return used;
}

/** Each message a set of modules uses whose area is not among `areas`, with the module using it. */
function outside(files: Iterable<string>, areas: readonly string[]): string[] {
  return [...messagesIn(files)].filter(([id]) => !areas.includes(areaOfMessage(id) ?? '')).map(([id, file]) => `${id} (${file})`);
}

const source = readCatalogue(SOURCE_LANGUAGE);
const pages = [...new Set([...Object.values(APP_ROUTES).map((route): string => route.page), NOT_FOUND_PAGE])];
// The router reaches the pages through import.meta.glob, which this reading does not follow, and
// the not-found page and the dashboard's frame with an import() it stops at; the frame's lazy parts
// load their own areas.
const lazyParts = Object.keys(LAZY_PART_AREAS);
const dashboardFrameFile = path.join(WEB, 'dashboard/dashboard-layout.tsx');
const frame = modulesFrom(path.join(WEB, 'main.tsx'), new Set(), new Set([...[...pages, ...lazyParts].map((module) => path.join(WEB, module)), dashboardFrameFile]));
const dashboardFrame = modulesFrom(dashboardFrameFile, new Set(frame));
/** A page inside the dashboard's frame has the frame's areas too: the frame loads them before it draws. */
const framedPages = new Set(Object.values(APP_ROUTES).flatMap((route): string[] => (route.layout === 'dashboard' ? [route.page] : [])));
const areasLoadedWith = (page: string) => ['common', ...areasOfPage(page), ...(framedPages.has(page) ? DASHBOARD_FRAME_AREAS : [])];

describe('the catalogues’ areas', () => {
  it("give every English message the browser reads an area, and each to one area only; the server's own (mails) none", () => {
    const browserIds = Object.keys(source).filter((id) => !SERVER_ONLY_ID.test(id));
    expect(browserIds.filter((id) => !areaOfMessage(id))).toEqual([]);
    expect(AREA_NAMES.reduce((sum, area) => sum + Object.keys(messagesOfArea(source, area)).length, 0)).toBe(browserIds.length);
    expect(Object.keys(source).filter((id) => SERVER_ONLY_ID.test(id) && areaOfMessage(id))).toEqual([]);
  });

  it('the frame drawn on every page uses only the common area', () => {
    expect(outside(frame, ['common'])).toEqual([]);
  });

  it("the dashboard's frame uses only the common area and those it loads with its chunk", () => {
    expect(outside(dashboardFrame, ['common', ...DASHBOARD_FRAME_AREAS])).toEqual([]);
    expect(messagesIn(dashboardFrame).has('dashboard.logOut')).toBe(true);
  });

  it.each(pages)('%s uses only the messages of the areas it loads', (page) => {
    // The dashboard's frame is checked above, against the areas it loads itself.
    const modules = [...modulesFrom(path.join(WEB, page), new Set([...frame, ...dashboardFrame]))].filter((file) => frame.has(file) || !dashboardFrame.has(file));
    expect(outside(modules, areasLoadedWith(page))).toEqual([]);
  });

  it.each(lazyParts)('the frame’s lazy part %s uses only the messages of the areas it loads', (part) => {
    expect(frame.has(path.join(WEB, part))).toBe(false);
    expect(outside(modulesFrom(path.join(WEB, part), new Set(frame)), ['common', ...LAZY_PART_AREAS[part]!])).toEqual([]);
  });

  it('notices a message of an area the page does not load', () => {
    const modules = modulesFrom(path.join(WEB, 'storefront/pages/items-page.tsx'), new Set(frame));
    expect(outside(modules, ['common'])).toContain('items.banner.title (storefront/components/video-banner.tsx)');
  });

  it('uses every message it finds in the sources: none is missing from English', () => {
    const used = messagesIn([...pages, ...lazyParts].reduce((seen, module) => modulesFrom(path.join(WEB, module), seen), new Set([...frame, ...dashboardFrame])));
    expect([...used.keys()].filter((id) => !(id in source))).toEqual([]);
  });
});
