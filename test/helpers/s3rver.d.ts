/**
 * The part of s3rver 3's API the media tests use (the package ships no types): a local
 * S3-compatible server. See node_modules/s3rver/README.md.
 */
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    /** Where objects are kept on disk. */
    directory: string;
    /** Buckets created at start. */
    configureBuckets?: { name: string; configs: string[] }[];
  }
  class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; resolves with the bound address. */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
  export default S3rver;
}
