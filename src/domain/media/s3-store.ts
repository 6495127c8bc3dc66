/**
 * Image bytes in S3-compatible object storage (`MEDIA_STORE=s3`, docs/media.md, decision 0043),
 * through the AWS SDK v3: one object per key of the {@link MediaStore} (`originals/<id>`,
 * `variants/<id>/<width>.<format>`), its content type as the object's `Content-Type` and the hex
 * SHA-256 of its bytes as user metadata `sha256` (so `head` answers the ETag without the bytes).
 *
 * Objects written before the switch stay readable: the store of an app reads the object store
 * first and falls back to the database table until `airport-intel media migrate --to s3` has moved
 * them (./migrate-media-to-object-store.ts). `tieredMediaStore` (./store.ts) does that.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { sha256Hex, type MediaStore, type StoredObject } from './store.js';

/** Where the object store is and how to sign for it (the `S3_*` settings). */
export interface S3Settings {
  /** `S3_ENDPOINT`: http(s)://host[:port] of an S3-compatible service; `undefined`: AWS's endpoint for the region. */
  endpoint: string | undefined;
  /** `S3_REGION` (default us-east-1). */
  region: string;
  /** `S3_BUCKET`: the bucket holding the media (it must exist). */
  bucket: string;
  /** `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`; `undefined`: the SDK's default credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `S3_FORCE_PATH_STYLE`: `http://host/bucket/key` instead of `http://bucket.host/key` (most self-hosted services). */
  forcePathStyle: boolean;
}

/** The S3 client of `settings` (checksums only where the API requires them: S3-compatible services vary). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const missing = (err: unknown): boolean =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/** An S3 object store over `client` and `bucket`: a {@link MediaStore}. */
export function s3MediaStore(client: S3Client, bucket: string): MediaStore & { keys(prefix: string): Promise<string[]> } {
  return {
    async put(key, bytes, contentType) {
      const sha256 = sha256Hex(bytes);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength, Metadata: { sha256 } }));
      return sha256;
    },
    async get(key): Promise<StoredObject | null> {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = Buffer.from(await res.Body!.transformToByteArray());
        return { bytes, contentType: res.ContentType ?? 'application/octet-stream', sha256: res.Metadata?.sha256 ?? sha256Hex(bytes) };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const sha256 = res.Metadata?.sha256;
        if (sha256) return { contentType: res.ContentType ?? 'application/octet-stream', sha256 };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      // Written by another tool without the digest: read the bytes once to answer.
      const object = await this.get(key);
      return object && { contentType: object.contentType, sha256: object.sha256 };
    },
    async deletePrefix(prefix) {
      for (const key of await this.keys(prefix)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    /** Every key that starts with `prefix`. */
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
