import { refusalResponse } from './connect-auth.ts';

/** Bodies up to this size are read to the end before a refusal (the API's pushes are far smaller). */
export const DISCARD_LIMIT_BYTES = 64 * 1024;

/**
 * Reads and drops what is left of a request's body before the worker answers without it (a
 * refusal). Under `wrangler dev`, answering a POST whose body was never read leaves the dev
 * proxy's pooled connection to the worker broken, and the next request on it, a good one, fails
 * with 503 "Your worker restarted mid-request". Reading stops after `limit` bytes: a larger body
 * is cancelled instead, since whoever sends it is not the API.
 *
 * @example
 * if (!authorized) {
 *   await discardBody(request);
 *   return refusalResponse({ code: 'UNAUTHORIZED' });
 * }
 */
export async function discardBody(request: Request, limit = DISCARD_LIMIT_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    while (read <= limit) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to drain.
  } finally {
    reader.releaseLock();
  }
}

/**
 * A refusal of a request the worker will not read: its body drained first (see
 * {@link discardBody}), then the error answer of rule 7.
 *
 * @example
 * if (!authorized) return refuseRequest(request, { code: 'UNAUTHORIZED' });
 */
export async function refuseRequest(
  request: Request,
  refusal: Parameters<typeof refusalResponse>[0],
): Promise<Response> {
  await discardBody(request);
  return refusalResponse(refusal);
}
