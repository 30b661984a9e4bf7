import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { chainWhen, guardsThen } from './middleware-chain.ts';

type TestEnv = { Variables: { who: string } };

function appWith(seen: string[]) {
  return new Hono<TestEnv>()
    .use(
      '*',
      chainWhen<TestEnv>({
        middleware: [
          {
            headers: [],
            handler: async (c, next) => {
              seen.push('first');
              await next();
              seen.push(`first saw ${c.res.status}`);
            },
          },
          {
            headers: ['X-Need'],
            handler: async (c, next) => {
              seen.push('second');
              if (c.req.header('x-need') === 'fail') throw new Error('refused');
              if (c.req.header('x-need') === 'answer') return c.text('answered early', 202);
              c.set('who', 'someone');
              await next();
            },
          },
        ],
        skipped: (c) => c.set('who', 'nobody'),
        onError: (error, c) => c.text(error.message, 418),
        after: (c) => {
          seen.push('after');
          c.res.headers.set('x-after', 'yes');
        },
      }),
    )
    .get('/', (c) => c.text(`hello ${c.get('who')}`));
}

describe('chainWhen', () => {
  it('skips every middleware in one step when not needed, then runs `after`', async () => {
    const seen: string[] = [];
    const res = await appWith(seen).request('/');
    expect(await res.text()).toBe('hello nobody');
    expect(res.headers.get('x-after')).toBe('yes');
    expect(seen).toEqual(['after']);
  });

  it('runs them in order when needed, `after` right after the handler', async () => {
    const seen: string[] = [];
    const res = await appWith(seen).request('/', { headers: { 'x-need': 'yes' } });
    expect(await res.text()).toBe('hello someone');
    expect(res.headers.get('x-after')).toBe('yes');
    expect(seen).toEqual(['first', 'second', 'after', 'first saw 200']);
  });

  it('turns a thrown error into the error handler’s answer there; the middleware before see it', async () => {
    const seen: string[] = [];
    const res = await appWith(seen).request('/', { headers: { 'x-need': 'fail' } });
    expect(res.status).toBe(418);
    expect(await res.text()).toBe('refused');
    expect(res.headers.get('x-after')).toBeNull();
    expect(seen).toEqual(['first', 'second', 'first saw 418']);
  });

  it('keeps an answer a middleware gives without going on', async () => {
    const seen: string[] = [];
    const res = await appWith(seen).request('/', { headers: { 'x-need': 'answer' } });
    expect(res.status).toBe(202);
    expect(seen).toEqual(['first', 'second', 'first saw 202']);
  });
});

describe('guardsThen', () => {
  function guardedApp(seen: string[]) {
    const guard =
      (name: string): MiddlewareHandler =>
      (c, next) => {
        seen.push(name);
        if (c.req.header('x-answer') === name)
          return Promise.resolve(c.text(`${name} answered`, 202));
        if (c.req.header('x-throw') === name) throw new Error(`${name} threw`);
        return next();
      };
    return new Hono()
      .use(
        '*',
        guardsThen([guard('one'), guard('two')], async (_c, next) => {
          seen.push('then');
          await next();
        }),
      )
      .get('/', (c) => c.text('handler'))
      .onError((error, c) => c.text(error.message, 418));
  }

  it('runs the guards in order, then the last middleware and the handler', async () => {
    const seen: string[] = [];
    const res = await guardedApp(seen).request('/');
    expect([res.status, await res.text()]).toEqual([200, 'handler']);
    expect(seen).toEqual(['one', 'two', 'then']);
  });

  it('makes a guard’s own answer the response, and runs nothing after it', async () => {
    const seen: string[] = [];
    const res = await guardedApp(seen).request('/', { headers: { 'x-answer': 'two' } });
    expect([res.status, await res.text()]).toEqual([202, 'two answered']);
    expect(seen).toEqual(['one', 'two']);
  });

  it('gives an error a guard throws to the error handler', async () => {
    const seen: string[] = [];
    const res = await guardedApp(seen).request('/', { headers: { 'x-throw': 'one' } });
    expect([res.status, await res.text()]).toEqual([418, 'one threw']);
    expect(seen).toEqual(['one']);
  });
});
