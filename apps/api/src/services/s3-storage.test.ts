// The S3 store over the real S3 protocol, against a fake S3 server (s3rver) on 127.0.0.1 in this process.
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/s3.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';

let s3: FakeS3;
let options: S3StorageOptions;

beforeAll(async () => {
  s3 = await startFakeS3('agency-test');
  options = s3.options;
});

afterAll(() => s3?.close());

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
