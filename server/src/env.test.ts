import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, NODE_FLOOR } from './env.ts';

describe('loadEnv', () => {
  it('refuses a Node older than the engines floor, naming the way to run the pinned one', () => {
    const engines = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
      .engines as { node: string };
    expect(engines.node).toBe(`>=${NODE_FLOOR}`);
    expect(() => loadEnv({}, '20.20.2')).toThrow(EnvError);
    expect(() => loadEnv({}, '22.12.0')).toThrow(
      /Node 22\.12\.0 is too old: the API runs on Node 24 or newer\. Start it through npm/,
    );
    expect(loadEnv({}, `${NODE_FLOOR}.0.0`).PORT).toBe(8787);
  });

  it('gives the embedded defaults of rules 1 and 2 with no configuration', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(8787);
    expect(env.DATABASE_URL).toBe('file:./data/app.db');
    expect(env.PUBLIC_URL).toBe('http://localhost:8787');
    expect(env.PARTY_URL).toBe('http://localhost:1999');
    expect(env.PAYMENTS_PROVIDER).toBe('ledger');
    expect(env.SEED).toBe('demo');
  });

  it('derives the public URL from PORT and never seeds in production by default', () => {
    expect(loadEnv({ PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000');
    const prod = loadEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      REALTIME_SECRET: 'y'.repeat(32),
      PAYMENTS_PROVIDER: 'ledger',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(prod.SEED).toBe('none');
    expect(prod.isProduction).toBe(true);
  });

  it('refuses to start in production without a 32-character secret (rule 4)', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET: must be set to at least 32 characters/,
    );
    expect(() => loadEnv({ AUTH_SECRET: 'short' })).toThrow(
      /AUTH_SECRET: must be at least 32 characters/,
    );
  });

  it('needs a 32-character realtime secret in production, and reaches the rooms at PARTY_URL unless told (rule 15)', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toThrow(
      /REALTIME_SECRET: must be set to at least 32 characters/,
    );
    expect(() => loadEnv({ REALTIME_SECRET: 'short' })).toThrow(
      /REALTIME_SECRET: must be at least 32 characters/,
    );
    const dev = loadEnv({ PARTY_URL: 'https://rooms.example.com/' });
    expect(dev.REALTIME_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(dev.PARTY_INTERNAL_URL).toBe('https://rooms.example.com');
    expect(loadEnv({ PARTY_INTERNAL_URL: 'http://10.0.0.5:1999' }).PARTY_INTERNAL_URL).toBe(
      'http://10.0.0.5:1999',
    );
    expect(() => loadEnv({ PARTY_INTERNAL_URL: 'nope' })).toThrow(/PARTY_INTERNAL_URL/);
  });

  it('names every bad value in one message', () => {
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'postgres://x', PAYMENTS_PROVIDER: 'paypal' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT: must be a port number/);
      expect(message).toMatch(/DATABASE_URL: must start with file:/);
      expect(message).toMatch(/PAYMENTS_PROVIDER: must be ledger or stripe/);
    }
  });

  it('needs the admin e-mail and password together, with a strong password', () => {
    expect(() => loadEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadEnv({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'weak' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(loadEnv({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'Strong-Pass-1!' }).ADMIN_EMAIL).toBe(
      'a@b.co',
    );
  });

  it('refuses a Stripe secret without a webhook secret', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses the development secrets on a server others can reach', () => {
    expect(() => loadEnv({ PUBLIC_URL: 'https://app.example.com' })).toThrow(
      /AUTH_SECRET: must be set when PUBLIC_URL is not this machine[\s\S]*REALTIME_SECRET: must be set/,
    );
    expect(() =>
      loadEnv({ PUBLIC_URL: 'http://10.0.0.5:8787', AUTH_SECRET: 'x'.repeat(32) }),
    ).toThrow(/REALTIME_SECRET: must be set when PUBLIC_URL is not this machine/);
    for (const local of ['http://localhost:8787', 'http://127.0.0.1:9', 'http://[::1]:8787']) {
      expect(loadEnv({ PUBLIC_URL: local }).PUBLIC_URL).toBe(local);
    }
  });

  it('refuses the demo seed and the ledger by default on a public address, even outside production', () => {
    const secrets = {
      PUBLIC_URL: 'https://staging.example.com',
      AUTH_SECRET: 'x'.repeat(32),
      REALTIME_SECRET: 'y'.repeat(32),
    };
    // A deployment that forgot NODE_ENV=production would otherwise seed admin@example.com.
    expect(() => loadEnv(secrets)).toThrow(
      /SEED: must be set when PUBLIC_URL is not this machine[\s\S]*PAYMENTS_PROVIDER: must be set when PUBLIC_URL is not this machine/,
    );
    expect(loadEnv({ ...secrets, SEED: 'none', PAYMENTS_PROVIDER: 'ledger' }).SEED).toBe('none');
    // Asked for by name, the demo is allowed (a public demo site).
    expect(loadEnv({ ...secrets, SEED: 'demo', PAYMENTS_PROVIDER: 'ledger' }).SEED).toBe('demo');
    expect(loadEnv({ PUBLIC_URL: 'http://localhost:8787' }).SEED).toBe('demo');
  });

  it('in production needs a payment provider and a mail transport chosen on purpose', () => {
    const secrets = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      REALTIME_SECRET: 'y'.repeat(32),
    };
    expect(() => loadEnv(secrets)).toThrow(
      /PAYMENTS_PROVIDER: must be chosen in production[\s\S]*SMTP_URL: is required in production/,
    );
    expect(
      loadEnv({ ...secrets, PAYMENTS_PROVIDER: 'ledger', MAIL_TRANSPORT: 'log' }).isProduction,
    ).toBe(true);
  });

  it('refuses an S3 bucket configured by halves instead of silently keeping files on disk', () => {
    expect(() => loadEnv({ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'uploads' })).toThrow(
      /S3_ACCESS_KEY_ID: is needed[\s\S]*S3_SECRET_ACCESS_KEY: is needed/,
    );
    const full = loadEnv({
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(full.S3_BUCKET).toBe('uploads');
  });
});
