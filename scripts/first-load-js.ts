/**
 * First-load JavaScript of each page after `npm run build`: the entry chunk, the app it starts
 * (main.tsx, which the entry imports as soon as the page has loaded: src/web/boot.ts) and the
 * page's chunk, with everything they import statically, and the English chunks of the page's
 * message areas, which load beside its chunk (src/shared/i18n/areas.ts), gzipped
 * (docs/product.md §15: at most 130 KB on every public page, React included).
 * Chunks loaded later (`import()` of below-the-fold sections) are not counted: they are not
 * part of the first load. `node scripts/first-load-js.ts`
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { areasOfPage } from '../src/shared/i18n/areas.ts';
import { SOURCE_LANGUAGE } from '../src/shared/i18n/languages.ts';
import { APP_ROUTES, NOT_FOUND_PAGE, ROUTE_NAMES } from '../src/shared/paths.ts';

const dir = 'dist/web/assets';
const BUDGET_KB = 130;
/**
 * The budget is the public pages' (docs/product.md §15): the route table's pages in the public
 * frame, by their chunk's name (the module's file name), and the not-found page. The others are
 * listed beside them.
 */
const PUBLIC_PAGES = new Set([
  ...ROUTE_NAMES.filter((name) => APP_ROUTES[name].layout === 'public').map((name) => path.basename(APP_ROUTES[name].page, '.tsx')),
  'not-found-page',
]);
/**
 * Public pages that miss the budget, each named with why (docs/performance.md): listed, not
 * failed, until mended. None now: the guest's order page lost Zod with the shared order view.
 */
const KNOWN_OVER = new Set<string>([]);
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, file))).length;
const staticImports = (file: string) =>
  [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]!);
function closure(file: string, seen: Set<string>): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of staticImports(file)) closure(next, seen);
  return seen;
}

const manifestFile = 'dist/web/.vite/manifest.json';
if (!fs.existsSync(manifestFile)) throw new Error('No build found: run `npm run build` first.');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
const chunkOf = (source: string) => path.basename(manifest[source]!.file);
const base = closure(chunkOf('main.tsx'), closure(chunkOf('index.html'), new Set()));
let over = false;
// The chart library (its class names start with "recharts-") is the admin home's alone.
const hasCharts = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8').includes('recharts-');
/** A page chunk's module (`menu/pages/menu-page.tsx`), by the chunk's name. */
const PAGE_MODULES = new Map([...Object.values(APP_ROUTES).map((route) => route.page as string), NOT_FOUND_PAGE].map((page) => [path.basename(page, '.tsx'), page]));
const areaChunks = (name: string) =>
  areasOfPage(PAGE_MODULES.get(name) ?? '').map((area) => chunkOf(`../../virtual:message-catalogue/${SOURCE_LANGUAGE}/${area}`));
for (const page of files.filter((f) => /-page-[\w-]{8}\.js$/.test(f) && !f.startsWith('use-')).sort()) {
  const name = page.replace(/-[\w-]{8}\.js$/, '');
  const loaded = [...areaChunks(name).reduce((seen, chunk) => closure(chunk, seen), closure(page, new Set(base)))];
  const kb = loaded.reduce((sum, f) => sum + gzipSize(f), 0) / 1000;
  const isPublic = PUBLIC_PAGES.has(name);
  const charts = isPublic && loaded.some(hasCharts);
  const known = KNOWN_OVER.has(name);
  over ||= (isPublic && !known && kb > BUDGET_KB) || charts;
  const note = !isPublic ? '  (not public: no budget)' : kb > BUDGET_KB ? (known ? '  OVER BUDGET (known, KNOWN_OVER)' : '  OVER BUDGET') : charts ? '  LOADS THE CHART LIBRARY' : '';
  console.log(`${name.padEnd(20)} ${kb.toFixed(1).padStart(6)} kB${note}`);
}
process.exit(over ? 1 : 0);
