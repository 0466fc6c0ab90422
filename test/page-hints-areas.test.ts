import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageHints } from '../src/server/pages/page-hints.ts';

/**
 * A page's words load beside its chunk (decision 0049): the server's hints name the chunks of the
 * page's message areas in the page's language, and another language's frame (`common`), so they
 * come in the same round trip as the page's chunk.
 */
const area = (language: string, name: string) => [`../../virtual:message-catalogue/${language}/${name}`, { file: `assets/${language}-${name}.js`, isDynamicEntry: true }];
const MANIFEST = Object.fromEntries([
  ['index.html', { file: 'assets/app.js', isEntry: true }],
  ['main.tsx', { file: 'assets/main.js', isDynamicEntry: true, imports: ['index.html'] }],
  ['menu/pages/menu-page.tsx', { file: 'assets/menu-page.js', isDynamicEntry: true }],
  ['storefront/pages/items-page.tsx', { file: 'assets/items-page.js', isDynamicEntry: true }],
  ...['en', 'de'].flatMap((language) => ['common', 'storefront', 'menu', 'account'].filter((name) => language !== 'en' || name !== 'common').map((name) => area(language, name))),
]);

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-hints-'));
fs.mkdirSync(path.join(webDir, '.vite'));
fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const files = (hints: string) => [...hints.matchAll(/href="\/assets\/([\w-]+)\.js"/g)].map((match) => match[1]);

describe("the page hints' message areas", () => {
  const hintsFor = pageHints(webDir);

  it("names an English page's own areas, its frame's being in the app's chunk", () => {
    expect(files(hintsFor('/order/juice', 'en'))).toEqual(['main', 'menu-page', 'en-menu']);
    expect(files(hintsFor('/items'))).toEqual(['main', 'items-page', 'en-storefront', 'en-menu']);
  });

  it("names a German page's frame and areas in German, and no English", () => {
    expect(files(hintsFor('/order/juice', 'de'))).toEqual(['main', 'menu-page', 'de-common', 'de-menu']);
  });

  it('names only the frame for a page that is not public', () => {
    expect(files(hintsFor('/dashboard/my/cart', 'de'))).toEqual(['main', 'de-common']);
  });
});
