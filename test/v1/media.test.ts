/** /v1 imagery over HTTP (issue 12) with the bytes in the database (the default store): test/v1/media-suite.ts. */
import { databaseStore } from '../helpers/media-stores.js';
import { mediaSuite } from './media-suite.js';

mediaSuite(databaseStore);
