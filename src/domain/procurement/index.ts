/** Procurement requests: the public submission and the administrators' review. */
export * from './schemas.js';
export { submitProcurementRequest, RESUBMISSION_WINDOW_MS, RATE_LIMIT, RATE_WINDOW_MS, type SubmitResult } from './submit-procurement-request.js';
export { listProcurementRequests, getProcurementRequest, type ProcurementRequest, type ProcurementRequestDetail, type ProcurementReview } from './read-procurement.js';
export { reviewProcurementRequest } from './review-procurement-request.js';
