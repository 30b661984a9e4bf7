import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The SDK as an outside developer gets it: built, packed with `npm pack`, installed from the
// tarball into a fresh project outside the workspace (offline: its dependencies are packed from
// the workspace's installed copies), type-checked there with strict settings, and run with plain
// Node against a real server to book a meeting. The admin panel's calls (`@fm/sdk/admin`) stay in
// the workspace: the tarball has no such entry and its client no `admin` member.

const run = promisify(execFile);
const sdkDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(sdkDir, '..');
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');

let scratch: string;
let server: TestServer;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'fm-sdk-consumer-'));
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The installed copy of a package in the workspace. */
const installed = (name: string) =>
  [join(sdkDir, 'node_modules', name), join(repoRoot, 'node_modules', name)].find((dir) =>
    existsSync(join(dir, 'package.json')),
  );

/** `name` and every dependency under it, as installed in the workspace. */
function closure(names: string[], seen = new Set<string>()): Set<string> {
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    const dir = installed(name);
    if (!dir) throw new Error(`${name} is not installed in the workspace`);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    closure(Object.keys(manifest.dependencies ?? {}), seen);
  }
  return seen;
}

const consumerSource = (apiUrl: string) => `
import { createClient, isApiError, verifyWebhook, WebhookVerificationError } from '@fm/sdk';
import { Webhook } from 'standardwebhooks';
import { API_VERSION, type Meeting, type SlotsQuery } from '@fm/sdk/contracts';
import { createApiClient, getSlots } from '@fm/sdk/embed';

const baseUrl = ${JSON.stringify(apiUrl)};
const password = 'Consumer-Pass-2025!';
const stamp = Date.now();

// A consultant with working hours on weekdays.
const consultant = createClient({ baseUrl });
const { user: consultantUser } = await consultant.auth.signUp({
  email: \`consultant-\${stamp}@consumer.example\`, password, firstName: 'Grace', lastName: 'Hopper',
  role: 'consultant', ageConfirmed: true,
});
await consultant.profile.update({ rate: 50 });
await consultant.calendar.updateSettings({
  timeZone: 'America/New_York',
  weeklyHours: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  meetingLengths: [30],
});

// A franchisor with a card and a subscription.
const franchisor = createClient({ baseUrl });
await franchisor.auth.signUp({
  email: \`franchisor-\${stamp}@consumer.example\`, password, firstName: 'Ada', lastName: 'Lovelace',
  role: 'franchisor', ageConfirmed: true,
});
await franchisor.profile.update({ franchise: { company: 'Consumer Bakery' } });
await franchisor.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
await franchisor.payments.subscribe({});

// A weekday a few days ahead, its first free slot, booked.
const day = new Date(Date.now() + 3 * 86_400_000);
while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
const query: SlotsQuery = { date: day.toISOString().slice(0, 10), timezone: 'America/New_York' };
const { days } = await franchisor.meetings.getSlots(consultantUser.id, query);
const slot = days[0]?.slots[0];
if (!slot) throw new Error('no slot offered');
// The same slots through the embed entry: a plain call on a client without namespaces.
const visitor = createApiClient({ baseUrl });
const embedSlot = (await getSlots(visitor.http, consultantUser.id, query)).days[0]?.slots[0];
const meeting: Meeting = await franchisor.meetings.book({ consultantId: consultantUser.id, ...slot, timeZone: 'America/New_York' });

// The same slot again: an ApiError with its code, status and request id.
const again = await franchisor.meetings
  .book({ consultantId: consultantUser.id, ...slot, timeZone: 'America/New_York' })
  .catch((error: unknown) => error);

const listed: string[] = [];
for await (const m of franchisor.meetings.list({ status: 'future' })) listed.push(m.id);

// The admin calls are not published: no \`admin\` on the client (tsc fails on an unused
// expect-error), and no \`@fm/sdk/admin\` to import.
// @ts-expect-error FmClient has no admin member
const typedAdmin: unknown = consultant.admin;
const adminEntry = await import(\`@fm/sdk/\${'admin'}\`).then(
  () => 'exported',
  (error: { code?: string }) => error.code ?? String(error),
);

// A webhook delivery for this meeting, signed as the platform signs (the Standard Webhooks
// library the SDK depends on), verified and typed by the published verifyWebhook.
const hookSecret = \`whsec_\${btoa('a consumer signing secret, 32 bytes')}\`;
const hookBody = JSON.stringify({
  type: 'meeting.booked',
  timestamp: new Date().toISOString(),
  data: {
    meeting: {
      id: meeting.id, status: 'future',
      startAt: new Date(meeting.start).toISOString(), endAt: new Date(meeting.end).toISOString(),
      durationMinutes: 30, timeZone: 'America/New_York',
      consultant: { id: consultantUser.id, firstName: 'Grace', lastName: 'Hopper' },
      franchisor: { id: 'f', firstName: 'Ada', lastName: 'Lovelace' },
      franchise: null, priceCents: 10_000, currency: 'usd',
    },
  },
});
const hookId = 'msg_consumer';
const hookAt = new Date();
const hookHeaders = {
  'webhook-id': hookId,
  'webhook-timestamp': String(Math.floor(hookAt.getTime() / 1000)),
  'webhook-signature': new Webhook(hookSecret).sign(hookId, hookAt, hookBody),
};
const verified = verifyWebhook(hookBody, hookHeaders, hookSecret);
const bookedAt = verified.event.type === 'meeting.booked' ? verified.event.data.meeting.startAt : null;
const tampered = (() => {
  try {
    verifyWebhook(hookBody.replace('future', 'pending'), hookHeaders, hookSecret);
    return 'accepted';
  } catch (error) {
    return error instanceof WebhookVerificationError ? 'refused' : String(error);
  }
})();

console.log(JSON.stringify({
  webhook: { id: verified.id, bookedAt, tampered },
  apiVersion: API_VERSION,
  adminOnClient: 'admin' in consultant || typedAdmin !== undefined,
  adminEntry,
  meeting: { id: meeting.id, status: meeting.status, company: meeting.franchise?.company },
  listed,
  embedSameSlot: JSON.stringify(embedSlot) === JSON.stringify(slot),
  again: isApiError(again) ? { code: again.code, status: again.status, requestId: again.requestId } : null,
}));
`;

describe('the packed SDK in a fresh project', () => {
  it('packs, installs from the tarball, type-checks and books a meeting against a real server', async () => {
    await run('npm', ['run', 'build'], { cwd: sdkDir });
    const built = readdirSync(join(sdkDir, 'dist')).filter((f) => f.endsWith('.js'));
    // Browsers and edge runtimes: the bundle imports only its dependencies and itself.
    for (const file of built) {
      const code = readFileSync(join(sdkDir, 'dist', file), 'utf8');
      const imports = [...code.matchAll(/^import\b[^'"]*["']([^"']+)["']/gm)].map((m) => m[1]);
      expect(
        imports.filter(
          (i) =>
            !['ky', 'valibot', 'partysocket', 'standardwebhooks'].includes(i ?? '') &&
            !i?.startsWith('./'),
        ),
      ).toEqual([]);
      expect(code).not.toMatch(/\bnode:|require\(/);
      // The admin panel's calls (their paths live only in sdk/src/admin.ts) are not bundled.
      expect(code).not.toMatch(/["'`]admin\/(dashboard|franchises)/);
      expect(code).not.toMatch(/["'`]users\/cron-manual-trigger["'`]/);
    }
    expect(readdirSync(join(sdkDir, 'dist')).filter((f) => f.startsWith('admin'))).toEqual([]);

    const packs = join(scratch, 'packs');
    mkdirSync(packs);
    const { stdout } = await run('npm', ['pack', './dist', '--pack-destination', packs], {
      cwd: sdkDir,
    });
    const sdkTarball = join(packs, stdout.trim().split('\n').at(-1) ?? '');
    const manifest = JSON.parse(readFileSync(join(sdkDir, 'dist/package.json'), 'utf8')) as {
      version: string;
      license: string;
      exports: Record<string, unknown>;
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.exports).sort()).toEqual([
      '.',
      './contracts',
      './embed',
      './package.json',
    ]);
    expect(manifest.version).toMatch(/^[1-9]\d*\.\d+\.\d+$/);
    expect(manifest.license).toBeTruthy();
    const deps: string[] = [];
    for (const name of closure(Object.keys(manifest.dependencies))) {
      const { stdout: out } = await run(
        'npm',
        ['pack', '--ignore-scripts', installed(name) ?? '', '--pack-destination', packs],
        { cwd: scratch },
      );
      deps.push(join(packs, out.trim().split('\n').at(-1) ?? ''));
    }

    const project = join(scratch, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...deps, sdkTarball],
      { cwd: project },
    );
    expect(existsSync(join(project, 'node_modules/@fm/sdk/index.d.ts'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/@fm/sdk/embed.d.ts'))).toBe(true);
    expect(
      readdirSync(join(project, 'node_modules/@fm/sdk')).filter((f) => f.startsWith('admin')),
    ).toEqual([]);

    writeFileSync(join(project, 'main.ts'), consumerSource(`${server.url}/api`));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    // Type errors fail here, with tsc's own messages.
    await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).catch(
      (error: { stdout?: string }) => {
        throw new Error(`the consumer does not type-check:\n${error.stdout ?? String(error)}`);
      },
    );

    const { stdout: result } = await run(process.execPath, ['out/main.js'], { cwd: project });
    const answer = JSON.parse(result) as {
      meeting: { id: string; status: string; company: string };
      listed: string[];
      embedSameSlot: boolean;
      adminOnClient: boolean;
      adminEntry: string;
      again: { code: string; status: number; requestId: string } | null;
      webhook: { id: string; bookedAt: string | null; tampered: string };
    };
    expect(answer.meeting).toMatchObject({ status: 'future', company: 'Consumer Bakery' });
    expect(answer.listed).toEqual([answer.meeting.id]);
    expect(answer.embedSameSlot).toBe(true);
    expect(answer.adminOnClient).toBe(false);
    expect(answer.adminEntry).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(answer.again).toMatchObject({ code: 'SLOT_TAKEN', status: 409 });
    expect(answer.again?.requestId).toMatch(/\S{8,}/);
    expect(answer.webhook).toMatchObject({ id: 'msg_consumer', tampered: 'refused' });
    expect(answer.webhook.bookedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  }, 120_000);
});
