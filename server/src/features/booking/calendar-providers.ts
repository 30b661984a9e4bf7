import { createHash } from 'node:crypto';
import type { CalendarProvider } from '@fm/sdk/contracts';
import type { Env } from '../../env.ts';
import type { Interval } from './slot-generator.ts';

/**
 * Google Calendar and Microsoft Graph (Office 365) behind one shape: OAuth 2.0 authorization-code
 * with PKCE, token refresh, busy times and event writes. Every HTTP call goes through an injected
 * `fetch`, and every endpoint can be overridden, so tests talk real HTTP to a local fake provider.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ProviderEndpoints {
  authorize: string;
  token: string;
  /** Google: `…/calendar/v3`; Microsoft: `…/v1.0`. */
  api: string;
}

export interface ProviderConfig {
  provider: CalendarProvider;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  endpoints: ProviderEndpoints;
}

export type EndpointOverrides = Partial<Record<CalendarProvider, Partial<ProviderEndpoints>>>;

/** Providers with OAuth credentials in the configuration. */
export function configuredProviders(
  env: Pick<
    Env,
    'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'MS_CLIENT_ID' | 'MS_CLIENT_SECRET' | 'MS_TENANT'
  >,
  overrides: EndpointOverrides = {},
): Partial<Record<CalendarProvider, ProviderConfig>> {
  const out: Partial<Record<CalendarProvider, ProviderConfig>> = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    out.google = {
      provider: 'google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      scopes: [
        'openid',
        'email',
        'https://www.googleapis.com/auth/calendar.events',
        'https://www.googleapis.com/auth/calendar.freebusy',
      ],
      endpoints: {
        authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
        token: 'https://oauth2.googleapis.com/token',
        api: 'https://www.googleapis.com/calendar/v3',
        ...overrides.google,
      },
    };
  }
  if (env.MS_CLIENT_ID && env.MS_CLIENT_SECRET) {
    const tenant = encodeURIComponent(env.MS_TENANT ?? 'common');
    out.office365 = {
      provider: 'office365',
      clientId: env.MS_CLIENT_ID,
      clientSecret: env.MS_CLIENT_SECRET,
      scopes: ['openid', 'email', 'offline_access', 'Calendars.ReadWrite'],
      endpoints: {
        authorize: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
        token: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
        api: 'https://graph.microsoft.com/v1.0',
        ...overrides.office365,
      },
    };
  }
  return out;
}

/** PKCE S256 challenge of a verifier. */
export const pkceChallenge = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');

/**
 * The provider's consent page.
 * @example authorizationUrl(google, { redirectUri, state, codeVerifier })
 */
export function authorizationUrl(
  config: ProviderConfig,
  options: { redirectUri: string; state: string; codeVerifier: string; loginHint?: string },
): string {
  const url = new URL(config.endpoints.authorize);
  const params: Record<string, string> = {
    client_id: config.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: config.scopes.join(' '),
    state: options.state,
    code_challenge: pkceChallenge(options.codeVerifier),
    code_challenge_method: 'S256',
    prompt: 'consent',
  };
  if (config.provider === 'google') {
    params.access_type = 'offline';
    params.include_granted_scopes = 'true';
  } else {
    params.response_mode = 'query';
  }
  if (options.loginHint) params.login_hint = options.loginHint;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  /** The account's e-mail (or subject) from the ID token, when one came back. */
  accountId: string | null;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
}

const TIMEOUT_MS = 5_000;

async function providerJson(fetch: FetchLike, url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new ProviderError(`${init.method ?? 'GET'} ${url} answered ${res.status}`);
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(`${url} answered something that is not JSON`);
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The payload of a JWT the token endpoint gave us directly over TLS (not a bearer credential). */
function idTokenClaims(idToken: string | null): Record<string, unknown> {
  const payload = idToken?.split('.')[1];
  if (!payload) return {};
  try {
    return record(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return {};
  }
}

function readTokens(body: unknown, now: Date): ProviderTokens {
  const b = record(body);
  const accessToken = str(b.access_token);
  if (!accessToken) throw new ProviderError('the token endpoint gave no access token');
  const expiresIn = typeof b.expires_in === 'number' ? b.expires_in : Number(b.expires_in ?? 3600);
  const claims = idTokenClaims(str(b.id_token));
  return {
    accessToken,
    refreshToken: str(b.refresh_token),
    expiresAt: new Date(now.getTime() + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000),
    accountId:
      str(claims.email) ?? str(claims.preferred_username) ?? str(claims.upn) ?? str(claims.sub),
  };
}

/**
 * A grant at the provider's token endpoint, as a form signed with our client id and secret;
 * Microsoft also wants the scopes on every grant.
 */
function tokenGrant(config: ProviderConfig, fetch: FetchLike, grant: Record<string, string>) {
  const body = new URLSearchParams({
    ...grant,
    client_id: config.clientId,
    client_secret: config.clientSecret,
  });
  if (config.provider === 'office365') body.set('scope', config.scopes.join(' '));
  return providerJson(fetch, config.endpoints.token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: body.toString(),
  });
}

/** Exchanges an authorization code for tokens. */
export async function exchangeCode(
  config: ProviderConfig,
  fetch: FetchLike,
  options: { code: string; redirectUri: string; codeVerifier: string; now: Date },
): Promise<ProviderTokens> {
  const json = await tokenGrant(config, fetch, {
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
    code_verifier: options.codeVerifier,
  });
  return readTokens(json, options.now);
}

/** A new access token from a refresh token (providers may rotate the refresh token too). */
export async function refreshTokens(
  config: ProviderConfig,
  fetch: FetchLike,
  options: { refreshToken: string; now: Date },
): Promise<ProviderTokens> {
  const json = await tokenGrant(config, fetch, {
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
  });
  const tokens = readTokens(json, options.now);
  return { ...tokens, refreshToken: tokens.refreshToken ?? options.refreshToken };
}

const bearer = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  accept: 'application/json',
});

/** Graph answers wall-clock times in the zone it was asked for (UTC here), without an offset. */
const graphUtc = (value: unknown) => {
  const s = str(record(value).dateTime);
  if (!s) return Number.NaN;
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s}Z`);
};

/**
 * Busy intervals of one calendar: Google `freeBusy`, Microsoft Graph `getSchedule`.
 * @example await busyIntervals(google, fetch, { accessToken, calendarId: 'primary', accountId, window })
 */
export async function busyIntervals(
  config: ProviderConfig,
  fetch: FetchLike,
  options: { accessToken: string; calendarId: string; accountId: string | null; window: Interval },
): Promise<Interval[]> {
  const timeMin = new Date(options.window.start).toISOString();
  const timeMax = new Date(options.window.end).toISOString();
  const out: Interval[] = [];
  if (config.provider === 'google') {
    const json = record(
      await providerJson(fetch, `${config.endpoints.api}/freeBusy`, {
        method: 'POST',
        headers: bearer(options.accessToken),
        body: JSON.stringify({ timeMin, timeMax, items: [{ id: options.calendarId }] }),
      }),
    );
    const calendars = record(json.calendars);
    const entry = record(calendars[options.calendarId] ?? Object.values(calendars)[0]);
    for (const b of Array.isArray(entry.busy) ? entry.busy : []) {
      const start = Date.parse(str(record(b).start) ?? '');
      const end = Date.parse(str(record(b).end) ?? '');
      if (Number.isFinite(start) && Number.isFinite(end) && end > start) out.push({ start, end });
    }
    return out;
  }
  const json = record(
    await providerJson(fetch, `${config.endpoints.api}/me/calendar/getSchedule`, {
      method: 'POST',
      headers: { ...bearer(options.accessToken), prefer: 'outlook.timezone="UTC"' },
      body: JSON.stringify({
        schedules: [options.accountId ?? ''],
        startTime: { dateTime: timeMin.slice(0, 19), timeZone: 'UTC' },
        endTime: { dateTime: timeMax.slice(0, 19), timeZone: 'UTC' },
        availabilityViewInterval: 15,
      }),
    }),
  );
  for (const schedule of Array.isArray(json.value) ? json.value : []) {
    const items = record(schedule).scheduleItems;
    for (const item of Array.isArray(items) ? items : []) {
      const i = record(item);
      if (i.status === 'free') continue;
      const start = graphUtc(i.start);
      const end = graphUtc(i.end);
      if (Number.isFinite(start) && Number.isFinite(end) && end > start) out.push({ start, end });
    }
  }
  return out;
}

export interface CalendarEventInput {
  summary: string;
  description: string;
  start: Date;
  end: Date;
  attendees: { email: string; name: string }[];
  /** The meeting id, so the event can be found again. */
  meetingId: string;
  /** The meeting room (rule 16): the event's location and link. */
  joinUrl?: string;
}

/** Writes an event; answers the provider's event id. */
export async function createEvent(
  config: ProviderConfig,
  fetch: FetchLike,
  options: { accessToken: string; calendarId: string; event: CalendarEventInput },
): Promise<string> {
  const { event } = options;
  if (config.provider === 'google') {
    const json = record(
      await providerJson(
        fetch,
        `${config.endpoints.api}/calendars/${encodeURIComponent(options.calendarId)}/events?sendUpdates=none`,
        {
          method: 'POST',
          headers: bearer(options.accessToken),
          body: JSON.stringify({
            summary: event.summary,
            description: event.description,
            start: { dateTime: event.start.toISOString(), timeZone: 'UTC' },
            end: { dateTime: event.end.toISOString(), timeZone: 'UTC' },
            attendees: event.attendees.map((a) => ({ email: a.email, displayName: a.name })),
            ...(event.joinUrl
              ? { location: event.joinUrl, source: { title: 'Join meeting', url: event.joinUrl } }
              : {}),
            extendedProperties: { private: { franchiseMeetId: event.meetingId } },
          }),
        },
      ),
    );
    const id = str(json.id);
    if (!id) throw new ProviderError('the provider gave no event id');
    return id;
  }
  const json = record(
    await providerJson(fetch, `${config.endpoints.api}/me/events`, {
      method: 'POST',
      headers: bearer(options.accessToken),
      body: JSON.stringify({
        subject: event.summary,
        body: { contentType: 'text', content: event.description },
        start: { dateTime: event.start.toISOString().slice(0, 19), timeZone: 'UTC' },
        end: { dateTime: event.end.toISOString().slice(0, 19), timeZone: 'UTC' },
        attendees: event.attendees.map((a) => ({
          emailAddress: { address: a.email, name: a.name },
          type: 'required',
        })),
        ...(event.joinUrl
          ? { location: { displayName: 'Join meeting', locationUri: event.joinUrl } }
          : {}),
        transactionId: event.meetingId,
      }),
    }),
  );
  const id = str(json.id);
  if (!id) throw new ProviderError('the provider gave no event id');
  return id;
}

/** Removes an event written earlier. */
export async function deleteEvent(
  config: ProviderConfig,
  fetch: FetchLike,
  options: { accessToken: string; calendarId: string; eventId: string },
): Promise<void> {
  const url =
    config.provider === 'google'
      ? `${config.endpoints.api}/calendars/${encodeURIComponent(options.calendarId)}/events/${encodeURIComponent(options.eventId)}?sendUpdates=none`
      : `${config.endpoints.api}/me/events/${encodeURIComponent(options.eventId)}`;
  await providerJson(fetch, url, { method: 'DELETE', headers: bearer(options.accessToken) });
}
