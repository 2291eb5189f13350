// Starts the built server on a free local port with a fresh data directory, for the benchmarks.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function startServer({ port, env = {} }) {
  if (!existsSync('apps/api/dist/server.js') || !existsSync('apps/web/build/server/index.js')) {
    throw new Error('No build found: run `npm run build` first.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-bench-'));
  // BENCH_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where it spends time.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  // Up to 5 minutes: on a machine shared with builds and tests the first start (migrations) can take over one.
  let up = false;
  for (let i = 0; i < 600 && !up; i++) {
    try {
      up = (await fetch(`${origin}/api/health`)).ok;
    } catch {
      /* not up yet */
    }
    if (!up) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`the server did not answer ${origin}/api/health within 5 minutes`);
  }
  return {
    origin,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
