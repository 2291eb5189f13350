// The file store on an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), used when S3_BUCKET is set.
import { Readable } from 'node:stream';
import { assertSafeKey, type Storage, type StoredKey } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Only for S3-compatible services; AWS itself is found from the region. */
  endpoint?: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's default credential chain applies (env, profile, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** bucket in the path (http://host/bucket/key) instead of the host name; MinIO needs it. */
  forcePathStyle?: boolean | undefined;
}

/** Size of each part of a multipart upload (S3's minimum is 5 MiB). */
const PART_SIZE = 8 * 1024 * 1024;

export async function createS3Storage(options: S3StorageOptions): Promise<Storage> {
  // Loaded only when a bucket is configured: the SDK is large, and most installs keep files on disk.
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  /** A missing object (NoSuchKey, or a bare 404), not a missing bucket: that is a misconfiguration, and must be seen. */
  const isMissingObject = (error: unknown): boolean =>
    error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';

  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;

  return {
    async put(key, data) {
      // No ACL: objects stay private to the bucket's owner, and files are only ever served through the API.
      if (Buffer.isBuffer(data)) {
        await client.send(new PutObjectCommand({ Bucket, Key: assertSafeKey(key), Body: data }));
        return;
      }
      // A stream (an archive, a restored file) goes up in parts of PART_SIZE, two at a time: never held whole,
      // and past the 5 GB a single PutObject allows. A failed upload is aborted (no parts left behind).
      const { Upload } = await import('@aws-sdk/lib-storage');
      await new Upload({
        client,
        params: { Bucket, Key: assertSafeKey(key), Body: data },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      }).done();
    },
    async get(key) {
      const Key = assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        // On Node the SDK's HTTP handler hands back the response itself, a Readable.
        if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
          throw new Error(`S3 returned no readable body or length for ${Key}`);
        }
        return { stream: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        // S3 itself answers 204 for a missing key; some compatible services answer 404.
        if (!isMissingObject(error)) throw error;
      }
    },
    async list(prefix = '') {
      const keys: StoredKey[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) keys.push({ key: object.Key, size: object.Size ?? 0 });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
  };
}
