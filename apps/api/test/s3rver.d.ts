// Types for the part of @20minutes/s3rver (a fake S3 server, used by the tests only) that we call; it ships none.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    /** 0 picks a free port; run() tells which. */
    port?: number;
    silent?: boolean;
    /** Where the buckets' objects are kept, as files. */
    directory: string;
    configureBuckets?: { name: string }[];
    resetOnClose?: boolean;
    /** Accept a well-formed signature whose value differs from the server's own calculation. */
    allowMismatchedSignatures?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
