/** Imagery: article covers, airport imagery, image bytes on the width ladder, the media library. */
export * from './schemas.js';
export { WIDTH_LADDER, DEFAULT_UPLOAD_LIMITS, type LadderWidth, type UploadLimits } from './images.js';
export type { MediaSummary, MediaView, MediaBindingsView } from './repository.js';
export { useObjectStore, type MediaStore, type StoredObject } from './store.js';
export { s3Client, s3MediaStore, type S3Settings } from './s3-store.js';
export { migrateMediaToObjectStore, type MediaMigrationProgress } from './migrate-media-to-object-store.js';
export { resolveCovers, type Cover, type CoverRule } from './resolve-covers.js';
export { listAirportMedia, type AirportMedia } from './list-airport-media.js';
export { readMediaBytes, type MediaBytes } from './read-media-bytes.js';
export { listMedia } from './list-media.js';
export { getMedia, type MediaDetail } from './get-media.js';
export { uploadMedia } from './upload-media.js';
export { updateMedia } from './update-media.js';
export { deleteMedia } from './delete-media.js';
export { pinCover, type CoverPinView } from './pin-cover.js';
export { releaseCover } from './release-cover.js';
