import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'agency-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.siteUrl).toBe('http://localhost:3000');
  });

  it('names a malformed variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: dataDir() })).toThrow(/PORT="abc"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: dataDir() })).toThrow(/DATABASE_URL/);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });
});
