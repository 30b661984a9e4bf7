import {
  API_VERSION,
  API_VERSION_HEADER,
  EMBED_KEY_HEADER,
  IDEMPOTENCY_HEADER,
} from '@fm/sdk/contracts';
import fc from 'fast-check';
import type { WorldIds } from '../../testing/route-world.ts';

/** One generated call: what goes into the path, the query, the headers and the body. */
export interface FuzzInput {
  id: string;
  query: string;
  headers: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'text'; contentType: string; text: string }
    | { kind: 'form'; fields: [string, string][]; bytes: readonly number[] };
  /** The `Authorization` header ('' for none). */
  authorization: string;
}

/** Field names the contracts use, so generated objects reach past "unknown field" to the rules. */
const FIELDS = [
  'email',
  'password',
  'oldPassword',
  'newPassword',
  'firstName',
  'lastName',
  'role',
  'ageConfirmed',
  'token',
  'status',
  'start',
  'end',
  'timeZone',
  'timezone',
  'duration',
  'dateTime',
  'consultantId',
  'franchiseId',
  'rating',
  'comment',
  'promoCode',
  'paymentMethodId',
  'isDefault',
  'participants',
  'text',
  'attachmentIds',
  'weeklyHours',
  'meetingLengths',
  'bufferMinutes',
  'minimumNotice',
  'datesOff',
  'calendar',
  'room',
  'ticket',
  'kind',
  'name',
  'allowedOrigins',
  'scopes',
  'decision',
  'phone',
  'company',
  'country',
  'stateProvince',
  'city',
  'rate',
  'industries',
  'regions',
  'message',
  'subject',
  'description',
  'effect',
  'affected',
  'startDate',
  'endDate',
  'ids',
  'id',
  'page',
  'limit',
  'line1',
  'postalCode',
  'investmentMin',
  'investmentMax',
  'franchiseFee',
  'verified',
  'isDeactivated',
  'events',
  'joinedAt',
  'leftAt',
  'userId',
  'meetingId',
  'type',
  'data',
  'url',
  'enabled',
  'eventType',
];

const QUERY_KEYS = [
  'page',
  'limit',
  'status',
  'date',
  'timezone',
  'from',
  'to',
  'q',
  'search',
  'sort',
  'order',
  'industry',
  'rateMin',
  'rateMax',
  'period',
  'type',
  'role',
  'consultantId',
  'calendar',
  'state',
  'code',
  'token',
  'before',
  'after',
  'month',
  'startingDate',
  'endingDate',
  'filter',
  'cursor',
  'eventType',
];

/** Printable ASCII: what a header value may hold. */
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,48}$/);

/**
 * The arbitraries of one world: values mix random data with the world's own ids, known enum
 * words, dates, card ids and odd strings, so a good share of calls get past validation.
 */
export function fuzzArbitraries(ids: WorldIds, token: string | undefined) {
  const worldIds = Object.values(ids).filter((v) => v.length > 0);
  const interesting = fc.constantFrom<unknown>(
    ...worldIds,
    'pm_card_visa',
    'pm_card_chargeDeclined',
    'franchisor',
    'consultant',
    'admin',
    'completed',
    'finished',
    'declined',
    'future',
    'pending',
    'active',
    'inactive',
    'google',
    'office365',
    'America/New_York',
    'Mars/Base',
    'Price',
    'Franchise',
    'publishable',
    'secret',
    'charge',
    'reschedule',
    'https://partner.example',
    'http://127.0.0.1:9/hook',
    'meeting.booked',
    ['meeting.booked'],
    'a@b.co',
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '2026-02-30',
    '9999-12-31T23:59:59.999Z',
    new Date(Date.now() + 2 * 86_400_000).toISOString(),
    '<script>alert(1)</script>',
    "'; drop table user; --",
    '=HYPERLINK("x")',
    '\u0000',
    '💩',
    15,
    30,
    60,
    -15,
    0,
    1,
    2 ** 53,
    -(2 ** 31),
    0.5,
    true,
    false,
    null,
    [],
    {},
  );
  const scalar = fc.oneof(
    { weight: 3, arbitrary: interesting },
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: scalar },
    fc.array(scalar, { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 3 }),
  );
  const knownObject = fc.dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, fc.string({ maxLength: 10 })),
    value,
    { maxKeys: 6 },
  );

  const id = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...worldIds) },
    fc.constantFrom(
      'x',
      '0',
      '-1',
      '%00',
      '%F0%9F%92%A9',
      '..',
      '%2e%2e',
      'a'.repeat(300),
      'google',
      'office365',
      'CA',
      'ny',
      `${ids.feedFile}`,
      'x.ics',
    ),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  );

  const query = fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) },
          fc.string({ maxLength: 8 }),
        ),
        fc.oneof(
          interesting.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))),
          fc.string({ maxLength: 20 }),
          fc.integer().map(String),
        ),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString());

  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=nope',
    'application/xml',
    'garbage',
  );
  // Each header now and then (a third of the calls or fewer), mostly with a value the API accepts:
  // a refusal at the first header check would leave the route itself untried.
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
  const headers = fc
    .record({
      [IDEMPOTENCY_HEADER]: sometimes(
        fc.oneof({ weight: 3, arbitrary: fc.stringMatching(/^[\x21-\x7e]{8,40}$/) }, headerText),
      ),
      [API_VERSION_HEADER]: sometimes(
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(API_VERSION) },
          fc.constant('1999-01-01'),
          headerText,
        ),
      ),
      [EMBED_KEY_HEADER]: sometimes(fc.constantFrom(ids.publishableKey, 'pk_nope', '')),
      origin: sometimes(fc.constantFrom('https://partner.example', 'http://evil.example', 'null')),
      'refresh-token': sometimes(headerText),
      'x-forwarded-for': sometimes(
        fc.constantFrom('203.0.113.9', '::1', 'nonsense', '1.2.3.4, 5.6.7.8'),
      ),
      accept: sometimes(fc.constantFrom('application/json', 'text/csv', '*/*', 'text/html')),
      cookie: sometimes(fc.constantFrom('better-auth.session_token=nope', 'a=b')),
    })
    .map((all) => {
      const present: Record<string, string> = {};
      for (const [name, value] of Object.entries(all))
        if (value !== undefined) present[name] = value;
      return present;
    });

  const body: fc.Arbitrary<FuzzInput['body']> = fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        contentType: fc.oneof(
          { weight: 4, arbitrary: fc.constant('application/json') },
          contentType,
        ),
        text: fc.oneof(
          { weight: 5, arbitrary: knownObject.map((o) => JSON.stringify(o)) },
          fc.json({ maxDepth: 3 }),
          fc.string({ maxLength: 60 }),
          fc.constantFrom('{', 'null', '[]', '""', '{"a":', '\u0000'),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('form' as const),
        fields: fc.array(
          fc.tuple(
            fc.constantFrom('file', 'image', 'text', 'name', ...FIELDS.slice(0, 8)),
            fc.oneof(fc.constant('FILE' as const), fc.string({ maxLength: 20 })),
          ),
          { maxLength: 3 },
        ),
        bytes: fc.oneof(
          fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
          // A PNG's and a PDF's magic numbers: content sniffing gets something to chew on.
          fc.constant([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          fc.constant([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]),
        ),
      }),
    },
  );

  // Mostly the caller's own credentials; now and then a broken or foreign scheme instead.
  const authorization = fc.oneof(
    { weight: 12, arbitrary: fc.constant(token ? `Bearer ${token}` : '') },
    fc.constantFrom(
      ...(token ? [`bearer  ${token}`] : []),
      'Bearer nope',
      'Bearer sk_nope',
      'Basic Zm9vOmJhcg==',
      'Bearer',
    ),
  );

  return fc.record({ id, query, headers, body, authorization });
}

/** The request `input` describes, for `method` on `path` (a route pattern). */
export function toRequest(
  method: string,
  path: string,
  input: FuzzInput,
): { url: string; init: RequestInit } {
  const concrete = path.replace(/:[A-Za-z]+/g, input.id);
  const url = `http://localhost${concrete}${input.query ? `?${input.query}` : ''}`;
  const headers = new Headers(input.headers);
  if (input.authorization) headers.set('authorization', input.authorization);
  let body: BodyInit | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    if (input.body.kind === 'text') {
      headers.set('content-type', input.body.contentType);
      body = input.body.text;
    } else if (input.body.kind === 'form') {
      const form = new FormData();
      for (const [name, value] of input.body.fields) {
        if (value === 'FILE')
          form.append(name, new File([Uint8Array.from(input.body.bytes)], 'f.png'));
        else form.append(name, value);
      }
      body = form;
    }
  }
  return { url, init: { method, headers, ...(body === undefined ? {} : { body }) } };
}
