/** Idempotency keys of retried writes (./idempotency-keys.ts). What the faces may import. */
export {
  claimIdempotencyKey, fingerprintOf, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS, IN_FLIGHT_TTL_MS, purgeIdempotencyKeys,
  releaseIdempotencyKey, saveIdempotentResponse,
} from './idempotency-keys.js';
export type { IdempotencyClaim, IdempotencyHold, IdempotentRequest, StoredResponse } from './idempotency-keys.js';
