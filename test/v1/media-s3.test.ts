/**
 * /v1 imagery over HTTP (issues 12 and 31) with the bytes in S3-compatible object storage
 * (MEDIA_STORE=s3) served by a local s3rver: the same tests as the database store
 * (test/v1/media-suite.ts).
 */
import { s3Store } from '../helpers/media-stores.js';
import { mediaSuite } from './media-suite.js';

mediaSuite(s3Store());
