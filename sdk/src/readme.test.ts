import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createClient } from './client.ts';

// sdk/README.md documents every method: each one of every namespace has a row (with an example)
// in its "Methods" section. A method added without documentation fails here.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const methods = readme.slice(readme.indexOf('## Methods'), readme.indexOf('## Layout'));

describe('sdk/README.md', () => {
  it('has a row with an example for every method of every namespace', () => {
    const api = createClient({ baseUrl: 'http://localhost:8787/api' });
    const missing: string[] = [];
    for (const [namespace, value] of Object.entries(api)) {
      // `http` is the transport the call functions of `@fm/sdk/embed` take, not a namespace.
      if (typeof value === 'function' || namespace === 'bookings' || namespace === 'http') continue;
      const section = methods.slice(methods.indexOf(`### \`api.${namespace}\``));
      const table = section.slice(
        0,
        section.indexOf('\n### ') === -1 ? undefined : section.indexOf('\n### '),
      );
      for (const method of Object.keys(value as object)) {
        const row = table.split('\n').find((line) => line.startsWith(`| \`${method}\` |`));
        if (!row?.includes(`api.${namespace}.${method}(`))
          missing.push(`api.${namespace}.${method}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents authentication with secret keys, errors, retries, idempotency, pagination, cancellation, versioning and names', () => {
    for (const heading of [
      '## A backend in five minutes (secret API keys)',
      '## Errors',
      '## Retries and idempotency',
      '## Pagination and iteration',
      "## Every call's last argument: `{ signal, timeout, headers }`",
      '## Versioning',
      '## Names: one word for one thing',
    ]) {
      expect(readme).toContain(heading);
    }
  });
});
