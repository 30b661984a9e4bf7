/**
 * API versioning: every answer carries `api-version` (the dated version it was served with); a
 * request may name the version it was written for in the same header (the SDK always does).
 * Within a version changes are additive only (new routes, new optional inputs, new answer
 * fields); a breaking change ships as a new dated version, and the previous one keeps being served
 * for at least 12 months after its successor is released. A request naming a version this server
 * does not serve is refused with 400 before anything runs.
 */
export const API_VERSION_HEADER = 'api-version';
/** The version this contract (and the SDK built from it) describes. */
export const API_VERSION = '2026-11-01';
/** Every version this server answers, newest first. */
export const SUPPORTED_API_VERSIONS: readonly string[] = [API_VERSION];
