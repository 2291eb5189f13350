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

  it("reads the outbox's pause between passes: 2 s unless OUTBOX_INTERVAL_SECONDS says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).outboxIntervalSeconds).toBe(2);
    expect(loadConfig({ OUTBOX_INTERVAL_SECONDS: '0.25', DATA_DIR: dataDir() }).outboxIntervalSeconds).toBe(0.25);
    expect(() => loadConfig({ OUTBOX_INTERVAL_SECONDS: '0', DATA_DIR: dataDir() })).toThrow(/OUTBOX_INTERVAL_SECONDS/);
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

  it('keeps files on disk unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    // .env.example copied as it is (empty S3_BUCKET, the other S3 defaults filled in) keeps them on disk too.
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
    expect(example.map(([name]) => name)).toContain('S3_FORCE_PATH_STYLE');
    expect(loadConfig({ ...Object.fromEntries(example), DATA_DIR: dataDir() }).s3).toBeUndefined();
  });

  it('reads the S3 settings, with us-east-1 and virtual-hosted buckets by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'agency-files' }).s3).toEqual({
      bucket: 'agency-files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'agency-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
    }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'auto', forcePathStyle: true });
    expect(minio).toMatchObject({ accessKeyId: 'minio', secretAccessKey: 'minio-secret' });
  });

  it('names a malformed or missing S3 variable', () => {
    const bad = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'files', ...env });
    expect(bad({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT="minio:9000"/);
    expect(bad({ S3_ENDPOINT: 'ftp://minio' })).toThrow(/S3_ENDPOINT/);
    expect(bad({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE="yes"/);
    expect(bad({ S3_BUCKET: 's3://files' })).toThrow(/S3_BUCKET="s3:\/\/files"/);
    // Half a key pair names the missing half, without printing the secret.
    expect(bad({ S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY="": is required with S3_ACCESS_KEY_ID/);
    expect(bad({ S3_SECRET_ACCESS_KEY: 'hush' })).toThrow(/S3_ACCESS_KEY_ID="": is required/);
    expect(bad({ S3_SECRET_ACCESS_KEY: 'hush' })).not.toThrow(/hush/);
    // An endpoint without a bucket would quietly leave files on local disk.
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET="": is required when S3_ENDPOINT is set/,
    );
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value, DATA_DIR: dataDir() }).trustProxy;

  it('takes the number of proxies in front, or their addresses and ranges', () => {
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.5,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true with a message explaining the two forms', () => {
    expect(() => trust('true')).toThrow(ConfigError);
    expect(() => trust('true')).toThrow(/TRUST_PROXY="true".*number of proxies in front \(e\.g\. 1\).*addresses/);
  });

  it('refuses what is neither a count nor addresses', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.1, example.com', '-1'])
      expect(() => trust(value)).toThrow(/TRUST_PROXY/);
  });
});

describe('privacy settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });

  it('keeps quotes and contacts 730 days, applications 180 and spam 30 unless told otherwise', () => {
    expect(load({}).retention).toEqual({ quotes: 730, contacts: 730, applications: 180, spam: 30 });
    expect(load({ RETENTION_DAYS_QUOTES: '365', RETENTION_DAYS_APPLICATIONS: '90' }).retention).toEqual({
      quotes: 365,
      contacts: 730,
      applications: 90,
      spam: 30,
    });
  });

  it('names a bad retention period or analytics URL', () => {
    expect(() => load({ RETENTION_DAYS_CONTACTS: 'forever' })).toThrow(/RETENTION_DAYS_CONTACTS="forever"/);
    expect(() => load({ RETENTION_DAYS_APPLICATIONS: '0' })).toThrow(/RETENTION_DAYS_APPLICATIONS="0"/);
    expect(() => load({ ANALYTICS_SCRIPT_URL: 'stats.example.com/script.js' })).toThrow(/ANALYTICS_SCRIPT_URL/);
    expect(load({ ANALYTICS_SCRIPT_URL: 'https://stats.example.com/js/script.js' }).analyticsScriptUrl).toBe(
      'https://stats.example.com/js/script.js',
    );
  });
});

describe('proof of work and webhooks', () => {
  const jwt = { JWT_SECRET: 'j'.repeat(40) };

  it('scores by default and generates the challenge key outside production, kept in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.spamChallenge).toBe('score');
    expect(first.challengeSecret).not.toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).challengeSecret).toBe(first.challengeSecret);
    expect(readFileSync(path.join(dir, 'challenge-secret'), 'utf8')).toBe(first.challengeSecret);
  });

  it('requires CHALLENGE_SECRET in production unless the check is off, and names a bad mode', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: dataDir(), ...jwt };
    expect(() => loadConfig(production)).toThrow(/CHALLENGE_SECRET/);
    expect(loadConfig({ ...production, CHALLENGE_SECRET: 'c'.repeat(32) }).challengeSecret).toBe('c'.repeat(32));
    expect(loadConfig({ ...production, SPAM_CHALLENGE: 'off' }).spamChallenge).toBe('off');
    expect(() => loadConfig({ DATA_DIR: dataDir(), SPAM_CHALLENGE: 'strict' })).toThrow(/SPAM_CHALLENGE="strict"/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CHALLENGE_SECRET: 'short' })).toThrow(/CHALLENGE_SECRET/);
  });

  it('reads WEBHOOK_SECRET as whsec_ + base64 of the key, or as raw bytes', () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    const hooks = { DATA_DIR: dataDir(), WEBHOOK_URLS: 'https://a.example/h, https://b.example/h' };
    const prefixed = loadConfig({ ...hooks, WEBHOOK_SECRET: `whsec_${key.toString('base64')}` });
    expect(prefixed.webhooks.urls).toEqual(['https://a.example/h', 'https://b.example/h']);
    expect(prefixed.webhooks.secret?.equals(key)).toBe(true);
    expect(loadConfig({ ...hooks, WEBHOOK_SECRET: 'a-raw-secret-of-24-chars!' }).webhooks.secret?.toString()).toBe(
      'a-raw-secret-of-24-chars!',
    );
    expect(() => loadConfig({ ...hooks, WEBHOOK_SECRET: 'too-short' })).toThrow(/WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...hooks, WEBHOOK_SECRET: 'x'.repeat(30), WEBHOOK_PAYLOAD: 'all' })).toThrow(
      /WEBHOOK_PAYLOAD/,
    );
  });
});
