/** /v1/admin imagery over HTTP (issue 12) with the bytes in the database (the default store): test/v1/admin-media-suite.ts. */
import { databaseStore } from '../helpers/media-stores.js';
import { adminMediaSuite } from './admin-media-suite.js';

adminMediaSuite(databaseStore);
