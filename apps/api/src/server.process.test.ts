import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'agency-start-')), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('starting the server with bad configuration', () => {
  it('stops with a message naming a malformed variable', () => {
    const result = start({ PORT: 'abc' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="abc"');
  });

  it('stops with one line naming DATA_DIR when it cannot be written', () => {
    const parent = path.join(mkdtempSync(path.join(tmpdir(), 'agency-start-')), 'a-file');
    // A file where a directory is needed: not writable, even for root.
    writeFileSync(parent, 'x');
    for (const env of [{}, { JWT_SECRET: 'x'.repeat(40) }] as Record<string, string>[]) {
      const result = start({ DATA_DIR: path.join(parent, 'data'), ...env });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^DATA_DIR=".*a-file\/data" cannot be written \(ENOTDIR\)/);
    }
  });

  it('stops in production without JWT_SECRET', () => {
    const result = start({ NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('JWT_SECRET');
  });
});
