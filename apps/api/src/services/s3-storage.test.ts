// The S3 store over the real S3 protocol, against a fake S3 server (s3rver) on 127.0.0.1 in this process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';

const BUCKET = 'agency-test';
// s3rver checks request signatures against this one fixed key pair.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let directory: string;
let options: S3StorageOptions;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'agency-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  options = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    ...CREDENTIALS,
    // An IP address has no subdomains for virtual-hosted buckets, as with MinIO.
    forcePathStyle: true,
  };
});

afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('createS3Storage', () => {
  it('gives back the bytes and size that were put', async () => {
    const storage = await createS3Storage(options);
    // Every byte value, so nothing is decoded or re-encoded as text on the way.
    const data = Buffer.from(Array.from({ length: 256 * 40 }, (_, index) => index % 256));
    await storage.put('leads/2026/a1b2c3/brief.pdf', data);
    const file = await storage.get('leads/2026/a1b2c3/brief.pdf');
    expect(file).not.toBeNull();
    expect(file?.size).toBe(data.length);
    expect((await read(file!.stream)).equals(data)).toBe(true);
  });

  it('returns null for a key that does not exist', async () => {
    expect(await (await createS3Storage(options)).get('nothing/here.webp')).toBeNull();
  });

  it('deletes, and deleting a missing key succeeds', async () => {
    const storage = await createS3Storage(options);
    await storage.put('images/gone-480.webp', Buffer.from('webp'));
    await storage.delete('images/gone-480.webp');
    expect(await storage.get('images/gone-480.webp')).toBeNull();
    await expect(storage.delete('images/never-there.webp')).resolves.toBeUndefined();
  });

  it('refuses unsafe keys before any request', async () => {
    const storage = await createS3Storage(options);
    await expect(storage.put('../x', Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.get('../x')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete('/etc/passwd')).rejects.toThrow(/Unsafe storage key/);
  });

  it('throws, rather than reporting a missing file, when the bucket is wrong or the key is refused', async () => {
    await expect((await createS3Storage({ ...options, bucket: 'no-such-bucket' })).get('a.txt')).rejects.toThrow(
      /bucket/i,
    );
    await expect((await createS3Storage({ ...options, secretAccessKey: 'wrong' })).get('a.txt')).rejects.toThrow(
      /signature/i,
    );
  });
});
