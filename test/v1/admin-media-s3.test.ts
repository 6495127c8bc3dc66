/**
 * /v1/admin imagery over HTTP (issues 12 and 31) with the bytes in S3-compatible object storage
 * (MEDIA_STORE=s3) served by a local s3rver: the same tests as the database store
 * (test/v1/admin-media-suite.ts), which also shows that nothing goes to the database table.
 */
import { s3Store } from '../helpers/media-stores.js';
import { adminMediaSuite } from './admin-media-suite.js';

adminMediaSuite(s3Store());
