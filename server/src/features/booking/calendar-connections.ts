import { randomBytes } from 'node:crypto';
import { CALENDAR_PROVIDERS, type CalendarProvider } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarConnection, meeting } from '../../db/schema/index.ts';
import type { Logger } from '../../http/logger.ts';
import {
  authorizationUrl,
  busyIntervals,
  type CalendarEventInput,
  createEvent,
  deleteEvent,
  exchangeCode,
  type FetchLike,
  type ProviderConfig,
  refreshTokens,
} from './calendar-providers.ts';
import { hmac, readTicket, type SecretBox, signTicket } from './secret-box.ts';
import type { Interval } from './slot-generator.ts';

/**
 * Connected calendars: the OAuth connect flow, tokens sealed at rest, busy times and event writes.
 *
 * The connect flow (a browser navigation cannot carry the bearer header):
 * 1. The signed-in consultant's app calls `POST /api/users/calendars/connect-url {calendar}` and
 *    gets `{ url }`: `/api/auth/consultant/connect-calendar?consultantId&calendar&state`.
 * 2. The browser navigates there; the signed `state` (HMAC, 10 minutes) proves who asked. The
 *    server redirects to the provider's consent page with that state and a PKCE challenge (the
 *    verifier is derived from the state's nonce, so nothing is stored between the two steps).
 * 3. The provider redirects to `/api/auth/consultant/connect-calendar/callback?code&state`. The
 *    state is checked again, including the connection's version: once a callback has stored tokens
 *    the version changes, so a state works once. The code is exchanged, the tokens are sealed with
 *    AES-256-GCM, and the browser lands on `/my-profile/calendar?connected=<provider>`.
 */

const STATE_PURPOSE = 'calendar-connect-state';
const PKCE_PURPOSE = 'calendar-connect-pkce';
const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh an access token this long before it expires. */
const REFRESH_MARGIN_MS = 60 * 1000;

/** Busy time from connected calendars, for slot computation. */
export interface BusyTimeSource {
  busy(consultantId: string, window: Interval): Promise<Interval[]>;
}

/** Meetings written to (and removed from) the consultant's connected calendar, best effort. */
export interface CalendarEventWriter {
  meetingBooked(m: { id: string; consultantId: string; event: CalendarEventInput }): Promise<void>;
  meetingRemoved(m: {
    id: string;
    consultantId: string;
    externalEventId: string | null;
  }): Promise<void>;
}

export const noBusyTimes: BusyTimeSource = { busy: async () => [] };

interface StatePayload {
  uid: string;
  p: CalendarProvider;
  exp: number;
  n: string;
  v: number;
  /** The HMAC of the browser binding: the callback must come from the browser that asked. */
  b: string;
}

/**
 * The cookie that ties a connect flow to the browser that started it: set on the consultant's own
 * (signed-in) request, sent back on the provider's redirect. Without it, anyone could hand a
 * victim a consent link carrying their own state, and the victim's calendar would be linked to the
 * attacker's account.
 */
export const CALENDAR_BINDING_COOKIE = 'fm_calendar_binding';
/** Where the binding cookie is sent: the connect navigation and its callback only. */
export const CALENDAR_BINDING_PATH = '/api/auth/consultant/connect-calendar';
const BIND_PURPOSE = 'calendar-connect-binding';

const isState = (x: unknown): x is StatePayload => {
  const s = x as Partial<StatePayload> | null;
  return (
    !!s &&
    typeof s.uid === 'string' &&
    typeof s.exp === 'number' &&
    typeof s.n === 'string' &&
    typeof s.v === 'number' &&
    typeof s.b === 'string' &&
    (CALENDAR_PROVIDERS as readonly string[]).includes(s.p ?? '')
  );
};

export type ConnectionRow = typeof calendarConnection.$inferSelect;

export function createCalendarConnections(deps: {
  db: Db;
  secret: string;
  publicUrl: string;
  providers: Partial<Record<CalendarProvider, ProviderConfig>>;
  box: SecretBox;
  fetch: FetchLike;
  logger: Logger;
  now: () => Date;
}) {
  const { db, providers, box, logger, now } = deps;
  const redirectUri = `${deps.publicUrl}/api/auth/consultant/connect-calendar/callback`;

  const rowOf = (userId: string, provider: CalendarProvider) =>
    db.query.calendarConnection.findFirst({
      where: and(eq(calendarConnection.userId, userId), eq(calendarConnection.provider, provider)),
    });
  const versionOf = (row: ConnectionRow | undefined) => row?.updatedAt.getTime() ?? 0;

  const bindingMac = (binding: string) => hmac(deps.secret, BIND_PURPOSE, binding);

  /** A fresh one-time state for a consultant and a provider, and the browser binding it needs. */
  async function issueState(
    userId: string,
    provider: CalendarProvider,
  ): Promise<{ state: string; binding: string }> {
    const binding = randomBytes(16).toString('base64url');
    const payload: StatePayload = {
      uid: userId,
      p: provider,
      exp: now().getTime() + STATE_TTL_MS,
      n: randomBytes(16).toString('base64url'),
      v: versionOf(await rowOf(userId, provider)),
      b: bindingMac(binding),
    };
    return { state: signTicket(deps.secret, STATE_PURPOSE, payload), binding };
  }

  /** The state's payload when signed, unexpired and (with `current`) still unused. */
  async function checkState(state: string, current: boolean): Promise<StatePayload | null> {
    const payload = readTicket(deps.secret, STATE_PURPOSE, state);
    if (!isState(payload) || payload.exp < now().getTime()) return null;
    if (current && versionOf(await rowOf(payload.uid, payload.p)) !== payload.v) return null;
    return payload;
  }

  const verifierOf = (nonce: string) => hmac(deps.secret, PKCE_PURPOSE, nonce);

  /** A usable access token for a connection, refreshed (and stored) when about to expire. */
  async function accessToken(row: ConnectionRow, config: ProviderConfig): Promise<string | null> {
    if (!row.accessTokenEnc) return null;
    const expiry = row.tokenExpiry?.getTime() ?? 0;
    if (expiry - REFRESH_MARGIN_MS > now().getTime()) return box.open(row.accessTokenEnc);
    if (!row.refreshTokenEnc) return null;
    const tokens = await refreshTokens(config, deps.fetch, {
      refreshToken: box.open(row.refreshTokenEnc),
      now: now(),
    });
    await db
      .update(calendarConnection)
      .set({
        accessTokenEnc: box.seal(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? box.seal(tokens.refreshToken) : row.refreshTokenEnc,
        tokenExpiry: tokens.expiresAt,
        updatedAt: new Date(Math.max(now().getTime(), row.updatedAt.getTime() + 1)),
      })
      .where(eq(calendarConnection.id, row.id));
    return tokens.accessToken;
  }

  /** Connected calendars of a user whose provider is configured here. */
  async function usable(userId: string) {
    const rows = await db.query.calendarConnection.findMany({
      where: eq(calendarConnection.userId, userId),
    });
    return rows.flatMap((row) => {
      const config = providers[row.provider];
      return config && row.accessTokenEnc ? [{ row, config }] : [];
    });
  }

  const busyTimes: BusyTimeSource = {
    async busy(consultantId, window) {
      const list = await usable(consultantId);
      const all = await Promise.all(
        list.map(async ({ row, config }) => {
          try {
            const token = await accessToken(row, config);
            if (!token) return [];
            return await busyIntervals(config, deps.fetch, {
              accessToken: token,
              calendarId: row.calendarId ?? 'primary',
              accountId: row.accountId,
              window,
            });
          } catch (error) {
            logger.error('calendar busy times unavailable', {
              provider: row.provider,
              error: String(error),
            });
            return [];
          }
        }),
      );
      return all.flat();
    },
  };

  const events: CalendarEventWriter = {
    async meetingBooked(m) {
      const [first] = await usable(m.consultantId);
      if (!first) return;
      try {
        const token = await accessToken(first.row, first.config);
        if (!token) return;
        const eventId = await createEvent(first.config, deps.fetch, {
          accessToken: token,
          calendarId: first.row.calendarId ?? 'primary',
          event: m.event,
        });
        await db
          .update(meeting)
          .set({ externalEventId: `${first.row.provider}:${eventId}` })
          .where(eq(meeting.id, m.id));
      } catch (error) {
        logger.error('calendar event not written', { meetingId: m.id, error: String(error) });
      }
    },
    async meetingRemoved(m) {
      if (!m.externalEventId) return;
      const at = m.externalEventId.indexOf(':');
      const provider = m.externalEventId.slice(0, at) as CalendarProvider;
      const eventId = m.externalEventId.slice(at + 1);
      const found = (await usable(m.consultantId)).find((u) => u.row.provider === provider);
      if (!found) return;
      try {
        const token = await accessToken(found.row, found.config);
        if (!token) return;
        await deleteEvent(found.config, deps.fetch, {
          accessToken: token,
          calendarId: found.row.calendarId ?? 'primary',
          eventId,
        });
      } catch (error) {
        logger.error('calendar event not removed', { meetingId: m.id, error: String(error) });
      }
    },
  };

  return {
    providers,
    configured: CALENDAR_PROVIDERS.filter((p) => !!providers[p]),
    busyTimes,
    events,

    /** Step 1: the URL the browser navigates to, and the binding its cookie must carry. */
    async connectUrl(
      userId: string,
      provider: CalendarProvider,
    ): Promise<{ url: string; binding: string }> {
      const { state, binding } = await issueState(userId, provider);
      const url = new URL(`${deps.publicUrl}${CALENDAR_BINDING_PATH}`);
      url.searchParams.set('consultantId', userId);
      url.searchParams.set('calendar', provider);
      url.searchParams.set('state', state);
      return { url: url.toString(), binding };
    },

    /** Step 2: the provider's consent URL, or null when the state does not prove the consultant. */
    async consentUrl(options: {
      consultantId: string;
      provider: CalendarProvider;
      state: string | null;
      /** A signed-in consultant calling directly (an API client with the bearer header). */
      sessionUserId: string | null;
    }): Promise<{ url: string; binding: string | null } | null> {
      const config = providers[options.provider];
      if (!config) return null;
      let state = options.state;
      let binding: string | null = null;
      let payload = state ? await checkState(state, true) : null;
      if (!payload && options.sessionUserId === options.consultantId) {
        ({ state, binding } = await issueState(options.consultantId, options.provider));
        payload = await checkState(state, true);
      }
      if (!state || !payload) return null;
      if (payload.uid !== options.consultantId || payload.p !== options.provider) return null;
      const url = authorizationUrl(config, {
        redirectUri,
        state,
        codeVerifier: verifierOf(payload.n),
      });
      return { url, binding };
    },

    /** Step 3: exchange the code and store the tokens; answers where the browser goes next. */
    async complete(query: {
      code?: string | undefined;
      state?: string | undefined;
      error?: string | undefined;
      /** The binding cookie the browser sent back. */
      binding?: string | undefined;
    }): Promise<string> {
      const back = (params: Record<string, string>) =>
        `/my-profile/calendar?${new URLSearchParams(params).toString()}`;
      const payload = query.state ? await checkState(query.state, true) : null;
      if (!payload) return back({ error: 'invalid_state' });
      if (!query.binding || bindingMac(query.binding) !== payload.b) {
        logger.info('calendar callback from a browser that did not start the flow', {
          provider: payload.p,
        });
        return back({ error: 'invalid_state' });
      }
      if (query.error || !query.code) {
        return back({ error: query.error ? 'access_denied' : 'missing_code', calendar: payload.p });
      }
      const config = providers[payload.p];
      if (!config) return back({ error: 'not_configured', calendar: payload.p });
      let tokens: Awaited<ReturnType<typeof exchangeCode>>;
      try {
        tokens = await exchangeCode(config, deps.fetch, {
          code: query.code,
          redirectUri,
          codeVerifier: verifierOf(payload.n),
          now: now(),
        });
      } catch (error) {
        logger.error('calendar code exchange failed', {
          provider: payload.p,
          error: String(error),
        });
        return back({ error: 'exchange_failed', calendar: payload.p });
      }
      // Re-checked inside one write transaction: of two racing callbacks with one state, one wins.
      const stored = await db.transaction(async (tx) => {
        const existing = await tx.query.calendarConnection.findFirst({
          where: and(
            eq(calendarConnection.userId, payload.uid),
            eq(calendarConnection.provider, payload.p),
          ),
        });
        if (versionOf(existing) !== payload.v) return false;
        const at = new Date(Math.max(now().getTime(), versionOf(existing) + 1));
        const values = {
          accountId: tokens.accountId ?? existing?.accountId ?? null,
          accessTokenEnc: box.seal(tokens.accessToken),
          refreshTokenEnc: tokens.refreshToken
            ? box.seal(tokens.refreshToken)
            : (existing?.refreshTokenEnc ?? null),
          tokenExpiry: tokens.expiresAt,
          calendarId: existing?.calendarId ?? 'primary',
          updatedAt: at,
        };
        if (existing) {
          await tx
            .update(calendarConnection)
            .set(values)
            .where(eq(calendarConnection.id, existing.id));
        } else {
          await tx.insert(calendarConnection).values({
            userId: payload.uid,
            provider: payload.p,
            createdAt: at,
            ...values,
          });
        }
        return true;
      });
      if (!stored) return back({ error: 'invalid_state', calendar: payload.p });
      return back({ connected: payload.p });
    },

    /** What the settings page shows about each connection. */
    async list(userId: string) {
      const rows = await db.query.calendarConnection.findMany({
        where: eq(calendarConnection.userId, userId),
      });
      return rows.map((row) => ({
        provider: row.provider,
        connected: !!row.accessTokenEnc && !!row.refreshTokenEnc,
        hasCalendarId: !!row.calendarId,
        accountId: row.accountId,
      }));
    },

    async disconnect(userId: string, provider: CalendarProvider): Promise<void> {
      await db
        .delete(calendarConnection)
        .where(
          and(eq(calendarConnection.userId, userId), eq(calendarConnection.provider, provider)),
        );
    },
  };
}

export type CalendarConnections = ReturnType<typeof createCalendarConnections>;
