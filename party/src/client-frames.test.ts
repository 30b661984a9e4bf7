import { RealtimeServerMessageSchema } from '@fm/sdk/contracts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { handleClientFrame, MAX_FRAME_CHARS, parseClientFrame } from './client-frames.ts';

const context = { userId: 'u1', now: () => 1_700_000_000_000 };

function replies(raw: string | ArrayBuffer | Uint8Array) {
  const effects = handleClientFrame(raw, context);
  for (const effect of effects) {
    // Whatever the room sends must itself satisfy the server→client contract.
    expect(v.safeParse(RealtimeServerMessageSchema, effect.message).success).toBe(true);
  }
  return effects;
}

describe('client frames', () => {
  it('answers ping with pong, echoing the id and stamping the server clock', () => {
    expect(replies('{"type":"ping","id":"abc"}')).toEqual([
      { kind: 'reply', message: { type: 'pong', id: 'abc', at: 1_700_000_000_000 } },
    ]);
    expect(replies('{"type":"ping"}')).toEqual([
      { kind: 'reply', message: { type: 'pong', at: 1_700_000_000_000 } },
    ]);
  });

  it.each([
    ['not JSON', 'hello', 'MALFORMED_BODY'],
    ['JSON that is not an object', '42', 'VALIDATION_FAILED'],
    ['null', 'null', 'VALIDATION_FAILED'],
    ['an unknown type', '{"type":"hello"}', 'VALIDATION_FAILED'],
    ['no type', '{"id":"1"}', 'VALIDATION_FAILED'],
    ['a wrong field type', '{"type":"ping","id":7}', 'VALIDATION_FAILED'],
    ['an unexpected field', '{"type":"ping","admin":true}', 'VALIDATION_FAILED'],
    ['a server-only event', '{"type":"joinChat","chatId":"c1","userId":"u2"}', 'VALIDATION_FAILED'],
    ['a prototype-pollution attempt', '{"type":"ping","__proto__":{"x":1}}', 'VALIDATION_FAILED'],
  ])('answers %s with an error frame', (_, raw, code) => {
    const [effect, ...rest] = replies(raw);
    expect(rest).toEqual([]);
    expect(effect?.kind).toBe('reply');
    expect(effect?.message).toMatchObject({ type: 'error', code });
  });

  it('refuses binary frames and oversized frames without parsing them', () => {
    expect(replies(new Uint8Array([1, 2, 3]))[0]?.message).toMatchObject({
      type: 'error',
      code: 'MALFORMED_BODY',
    });
    expect(replies(new ArrayBuffer(4))[0]?.message).toMatchObject({ code: 'MALFORMED_BODY' });
    const huge = JSON.stringify({ type: 'ping', id: 'x'.repeat(MAX_FRAME_CHARS) });
    expect(replies(huge)[0]?.message).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('explains a validation failure in the error message', () => {
    const frame = parseClientFrame('{"type":"hello"}');
    expect(frame.ok).toBe(false);
    if (!frame.ok) expect(frame.error.message).toMatch(/^Invalid input: /);
  });

  it('never throws, whatever arrives', () => {
    const samples = [
      '',
      '{',
      '[]',
      '{"type":null}',
      '"ping"',
      '{"type":"ping","id":"'.padEnd(99, 'x'),
    ];
    for (const raw of samples) {
      expect(() => handleClientFrame(raw, context)).not.toThrow();
      expect(handleClientFrame(raw, context)).toHaveLength(1);
    }
  });
});
