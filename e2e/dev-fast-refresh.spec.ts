import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';

/**
 * `npm run dev` keeps a component's state across an edit (React's Fast Refresh through the
 * project's own vite.config.ts). A component of its own in a folder of its own (inside the
 * project, where `react` resolves; Vite's watcher ignores test-results/): the test edits it,
 * never the app's files.
 */

const COMPONENT = (label: string) => `import { useState } from 'react';
export function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>${label} {count}</button>;
}
`;

let dir: string;
let server: ViteDevServer;

test.beforeAll(async () => {
  fs.mkdirSync('.scratch', { recursive: true });
  dir = fs.mkdtempSync(path.resolve('.scratch/fast-refresh-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>');
  fs.writeFileSync(
    path.join(dir, 'main.tsx'),
    `import { createRoot } from 'react-dom/client';\nimport { Counter } from './counter.tsx';\ncreateRoot(document.getElementById('root')!).render(<Counter />);\n`,
  );
  fs.writeFileSync(path.join(dir, 'counter.tsx'), COMPONENT('Pressed'));
  server = await createServer({
    configFile: path.resolve('vite.config.ts'),
    root: dir,
    logLevel: 'silent',
    server: { port: 0, strictPort: false },
  });
  await server.listen();
});

test.afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('an edit to a component keeps its state in the dev server', async ({ page }) => {
  await page.goto(server.resolvedUrls!.local[0]!);
  const button = page.getByRole('button');
  await expect(button).toHaveText('Pressed 0');
  await button.click();
  await button.click();
  await expect(button).toHaveText('Pressed 2');

  fs.writeFileSync(path.join(dir, 'counter.tsx'), COMPONENT('Tapped'));
  // The new text, with the count the component had: a reload would start again at 0.
  await expect(button).toHaveText('Tapped 2', { timeout: 15_000 });
});
