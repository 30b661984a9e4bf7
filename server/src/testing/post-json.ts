/**
 * POSTs a JSON body to a running API as a page of its own origin would (the `origin` header is what
 * the CSRF check wants), with a bearer token when one is given. The answer is returned as is: the
 * caller decides whether a refusal is a failure or what it tests.
 * @example const res = await postJson(api.url, '/api/auth/sign-in/email', { email, password });
 */
export function postJson(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string | null,
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}
