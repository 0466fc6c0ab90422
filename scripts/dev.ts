/**
 * `npm run dev`: the API server restarted on change (port 3000) and Vite's dev server with hot
 * reload (port 5173, proxying /api to the API server). Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], {
    stdio: 'inherit',
    // The pages are Vite's (it proxies /api here): links in mails and the trusted origin are its address.
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, NODE_ENV: 'development' },
  }),
  spawn('vite', [], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
