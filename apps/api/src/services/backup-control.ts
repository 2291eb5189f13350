// The embedded database opens in one process only, so while the server runs on it, `npm run backup` asks the
// server to take the backup through a Unix socket in DATA_DIR (readable by the owner of DATA_DIR alone), and
// `npm run restore` refuses to run. Nothing listens on it when DATABASE_URL is set.
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

export const controlSocket = (dataDir: string) => path.join(dataDir, 'backup.sock');

export interface ControlAnswer {
  file: string;
  name: string;
  sizeBytes: number;
}

/**
 * Starts the socket; `take` takes a backup into outDir (or the configured store when absent), the move's last
 * one (the site's writes off first) when `final`.
 */
export async function listenForBackupRequests(
  dataDir: string,
  take: (outDir: string | undefined, final: boolean) => Promise<ControlAnswer>,
): Promise<() => Promise<void>> {
  const socket = controlSocket(dataDir);
  // A socket left by a process that crashed; a live server would still be listening (checked by the CLI first).
  await rm(socket, { force: true });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { error: 'Not found' });
      let outDir: string | undefined;
      let final = false;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          outDir?: unknown;
          final?: unknown;
        };
        outDir = typeof body.outDir === 'string' ? body.outDir : undefined;
        final = body.final === true;
      } catch {
        return answer(400, { error: 'The body must be JSON.' });
      }
      take(outDir, final).then(
        (result) => answer(200, result),
        (error: unknown) => answer(500, { error: (error as Error).message }),
      );
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(socket, () => done());
  });
  await chmod(socket, 0o600);
  return async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await rm(socket, { force: true });
  };
}

/** null when no server listens in dataDir; otherwise the server's backup, or its error thrown. */
export function askRunningServer(
  dataDir: string,
  body: { outDir?: string | undefined; final?: boolean },
): Promise<ControlAnswer | null> {
  return new Promise((done, fail) => {
    const request = http.request(
      {
        socketPath: controlSocket(dataDir),
        method: 'POST',
        path: '/backup',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ControlAnswer & {
            error?: string;
          };
          if (response.statusCode === 200) done(parsed);
          else fail(new Error(`the running server could not take the backup: ${parsed.error ?? response.statusCode}`));
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') done(null);
      else fail(error);
    });
    request.end(JSON.stringify(body));
  });
}

/** Whether a server is listening in dataDir (restore must not open the embedded database under it). */
export function serverIsRunning(dataDir: string): Promise<boolean> {
  return new Promise((done) => {
    const request = http.request({ socketPath: controlSocket(dataDir), method: 'GET', path: '/' }, (response) => {
      response.resume();
      done(true);
    });
    request.on('error', () => done(false));
    request.end();
  });
}
