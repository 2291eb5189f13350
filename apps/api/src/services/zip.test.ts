import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../test/zip.ts';
import { createZip } from './zip.ts';

const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('createZip', () => {
  const entries = [
    { name: 'records.json', data: Buffer.from(JSON.stringify({ hello: 'wörld' })) },
    { name: 'files/quotes-1-brief é.pdf', data: Buffer.from('%PDF-1.7\n'.repeat(500)) },
    { name: 'empty.txt', data: Buffer.alloc(0) },
  ];

  it('round-trips names (UTF-8) and contents, with checksums', () => {
    const back = readZip(createZip(entries));
    expect(back.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    expect(back.map((e) => e.data.toString('utf8'))).toEqual(entries.map((e) => e.data.toString('utf8')));
  });

  it.runIf(hasUnzip)('is read by Info-ZIP unzip', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    try {
      writeFileSync(path.join(dir, 'a.zip'), createZip(entries));
      execFileSync('unzip', ['-t', '-q', 'a.zip'], { cwd: dir });
      execFileSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir });
      expect(readFileSync(path.join(dir, 'out', 'records.json'), 'utf8')).toBe('{"hello":"wörld"}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
