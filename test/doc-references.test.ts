import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every repository file that a doc or a comment names exists: a reader who follows a pointer finds
 * what it points at. A name is looked up beside the file that names it and in the folders above
 * it, then from the repository's root, src/, each side and each feature folder (comments often
 * say `ui/toast.tsx` for src/web/ui/toast.tsx). A decision record that another supersedes is
 * history and keeps the names it had.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED_DIRS = ['src', 'test', 'e2e', 'bench', 'scripts', 'docs', '.ci'];
const SCANNED_ROOT_FILES = ['README.md', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'eslint.config.js', '.env.example'];
const subfolders = (dir: string) =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(dir, entry.name));
const LOOKUP_BASES = ['', 'src', 'src/web', 'src/server', ...subfolders('src/web'), ...subfolders('src/server')];
/** A path of at least two parts ending in one of the repository's own kinds of file. */
const FILE_NAME = /(?<![\w./@:-])((?:\.{1,2}\/)?(?:[\w.-]+\/)+[\w.-]+\.(?:tsx?|md|js|json|css|html|sql|ya?ml|sh))(?![\w/-])/g;

function filesUnder(dir: string): string[] {
  const entries = fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'screenshots' ? [] : filesUnder(relative);
    return /\.(tsx?|md|js)$/.test(entry.name) || dir === '.ci' ? [relative] : [];
  });
}

/** What a reader reads as prose: a Markdown file whole, a source file's comments only. */
function prose(file: string): string {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  if (file.endsWith('.md') || file.startsWith('.ci') || file.endsWith('.example')) return text;
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g)].map((match) => match[0]).join('\n');
}

function exists(name: string, namedIn: string): boolean {
  const above: string[] = [];
  for (let dir = path.dirname(namedIn); dir !== '.'; dir = path.dirname(dir)) above.push(dir);
  const candidates = [...above, ...LOOKUP_BASES].map((base) => path.join(base, name));
  return candidates.some((candidate) => fs.existsSync(path.join(ROOT, candidate)));
}

describe('file names in docs and comments', () => {
  it('name only files that exist in the repository', () => {
    const files = [...SCANNED_DIRS.filter((dir) => fs.existsSync(path.join(ROOT, dir))).flatMap(filesUnder), ...SCANNED_ROOT_FILES];
    const missing: string[] = [];
    for (const file of files) {
      if (file.startsWith('docs/decisions/') && /^(?:Date:.*)?Status: superseded/m.test(fs.readFileSync(path.join(ROOT, file), 'utf8'))) continue;
      for (const [, name] of prose(file).matchAll(FILE_NAME)) {
        if (/^(?:https?:|node_modules\/|dist\/|data\/|\.scratch\/|test-results\/)/.test(name!) || name!.includes('*')) continue;
        if (!exists(name!, file)) missing.push(`${file}: ${name}`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
