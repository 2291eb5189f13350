// `npm run dev`: one process on PORT (default 3000) serving /api and the web with hot reload;
// the API restarts when its code changes (tsx watch), web changes are hot-reloaded by Vite.
import { spawn } from 'node:child_process';

const child = spawn(
  'npx',
  ['tsx', 'watch', '--clear-screen=false', '--exclude', 'apps/web/**', 'apps/api/src/dev-server.ts'],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' } },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
