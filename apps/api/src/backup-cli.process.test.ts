// `npm run backup` and `npm run restore` as an operator runs them: an unreachable bucket (S3_BUCKET) is named as the
// cause in one line, with a non-zero exit, and nothing is written or restored.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/backup-cli.ts', ...args], {
    // The AWS SDK's notice that its 2027 releases need Node 22 is not what these tests read.
    env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });

/** A port on 127.0.0.1 that nothing listens on: taken, then given back. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('a bucket that cannot be reached', () => {
  let bucket: Record<string, string>;
  let endpoint: string;
  beforeAll(async () => {
    endpoint = `http://127.0.0.1:${await closedPort()}`;
    bucket = {
      S3_BUCKET: 'agency-files',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'agency',
      S3_SECRET_ACCESS_KEY: 'agency-secret',
      S3_FORCE_PATH_STYLE: 'true',
    };
  });

  it('backup stops with one line naming the bucket, and writes no archive', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-cli-'));
    const result = cli(['backup'], { DATA_DIR: dataDir, ...bucket });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^backup failed: the bucket agency-files at ${endpoint} cannot be reached: `));
    const backups = path.join(dataDir, 'backups');
    expect(existsSync(backups) ? readdirSync(backups) : []).toEqual([]);
  });

  it('restore stops with one line naming the bucket, and leaves the target as it was', () => {
    // An archive taken on disk, restored where the files would go to the unreachable bucket.
    const source = mkdtempSync(path.join(tmpdir(), 'agency-cli-'));
    const out = mkdtempSync(path.join(tmpdir(), 'agency-cli-out-'));
    const taken = cli(['backup', '--out', out], { DATA_DIR: source });
    expect(taken.status, taken.stderr).toBe(0);
    const [archive] = readdirSync(out);
    expect(archive).toMatch(/^agency-backup-.*\.tar\.gz$/);

    const target = mkdtempSync(path.join(tmpdir(), 'agency-cli-'));
    const result = cli(['restore', path.join(out, archive!)], { DATA_DIR: target, ...bucket });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^restore failed: the bucket agency-files at ${endpoint} cannot be reached: `));
    // No database was opened, so none was created.
    expect(existsSync(path.join(target, 'db'))).toBe(false);
  });
});
