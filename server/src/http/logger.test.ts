import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { logMemory } from '../testing/log-memory.ts';
import { createLogger } from './logger.ts';
import { runInRequest } from './request-context.ts';

describe('logger', () => {
  it('writes one JSON object per line with level, time and message', () => {
    const out = logMemory();
    const logger = createLogger('info', out.stream);
    logger.info('listening', { port: 8787 });
    logger.debug('not at info');
    logger.error('failed', new Error('boom'));
    expect(out.lines).toHaveLength(2);
    expect(out.lines[0]).toMatchObject({ level: 'info', msg: 'listening', detail: { port: 8787 } });
    expect(typeof out.lines[0]?.time).toBe('string');
    expect(out.lines[1]).toMatchObject({ level: 'error', msg: 'failed' });
    expect(JSON.stringify(out.lines[1]?.err)).toContain('boom');
  });

  it('carries the request id on every line written while a request is served', async () => {
    const out = logMemory();
    const logger = createLogger('debug', out.stream);
    await runInRequest({ reqId: 'req-123' }, async () => {
      logger.info('inside');
      await new Promise((r) => setTimeout(r, 1));
      logger.debug('after an await');
    });
    logger.info('outside');
    expect(out.lines.map((l) => l.reqId)).toEqual(['req-123', 'req-123', undefined]);
  });

  it('never writes credentials, tokens or secrets', () => {
    const out = logMemory();
    const logger = createLogger('debug', out.stream);
    const secrets = {
      password: 'Hunter-2-secret!',
      token: 'tok_abcdefghijklmnop',
      refreshToken: 'rt_abcdefghijklmnop',
      headers: { authorization: 'Bearer sess_abcdefghijk', cookie: 'sid=cookie-secret' },
      ticket: 'tk_abcdefghijklmn',
    };
    logger.info('sign-in', secrets);
    logger.error('webhook', { request: { secret: 'whsec_abcdefghijk', apiKey: 'sk_test_123456' } });
    const written = out.raw.join('\n');
    for (const value of [
      'Hunter-2-secret!',
      'tok_abcdefghijklmnop',
      'rt_abcdefghijklmnop',
      'sess_abcdefghijk',
      'cookie-secret',
      'tk_abcdefghijklmn',
      'whsec_abcdefghijk',
      'sk_test_123456',
    ]) {
      expect(written).not.toContain(value);
    }
    expect(written).toContain('[redacted]');
  });

  it('writes nothing when silent', () => {
    const out = logMemory();
    const logger = createLogger('silent', out.stream);
    logger.error('quiet');
    expect(out.raw).toHaveLength(0);
  });

  it("writes a quiet process's line to stdout within about a second, not at the next 4 KB", async () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    // One line, then the process stays alive for 10 s without logging again.
    const script = `const { createLogger } = await import(${JSON.stringify(logger)});
      createLogger('info').info('only line');
      setTimeout(() => {}, 10_000);`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += String(chunk);
          if (out.includes('\n')) resolve(out);
        });
        child.once('exit', () => reject(new Error(`exited before writing: ${out}`)));
      });
      expect(JSON.parse(line)).toMatchObject({ level: 'info', msg: 'only line' });
    } finally {
      child.kill();
    }
  }, 8_000);
});
