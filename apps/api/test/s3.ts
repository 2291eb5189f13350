// A fake S3 server (s3rver) on 127.0.0.1 with one bucket, for tests that speak the real S3 protocol.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3StorageOptions } from '../src/services/s3-storage.ts';

// s3rver checks request signatures against this one fixed key pair.
const KEY = 'S3RVER';

export interface FakeS3 {
  /** What createS3Storage takes to reach the bucket. */
  options: S3StorageOptions;
  /** The same as the server's environment (S3_*). */
  env: Record<
    'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY',
    string
  >;
  /** The directory holding the objects as files (also a scratch place for the test). */
  directory: string;
  close(): Promise<void>;
}

/**
 * `allowMismatchedSignatures`: s3rver computes a bucket-level request's signature over `/bucket` where the current
 * AWS SDK signs `/bucket/`, so listing a bucket fails its check (SignatureDoesNotMatch) though the SDK is right;
 * a test that lists accepts well-formed signatures whatever their value.
 */
export async function startFakeS3(bucket: string, { allowMismatchedSignatures = false } = {}): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'agency-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    allowMismatchedSignatures,
  });
  const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  return {
    // An IP address has no subdomains for virtual-hosted buckets, as with MinIO.
    options: { bucket, endpoint, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
