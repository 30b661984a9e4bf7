import { describe, expect, it } from 'vitest';
import { bearerMatches, MAX_COMMAND_CHARS, parseFanout, planCommand } from './room-commands.ts';

const sockets = [
  { id: 'a', userId: 'u1' },
  { id: 'b', userId: 'u2' },
  { id: 'c', userId: 'u1' },
  { id: 'd', userId: null },
];

describe('bearerMatches', () => {
  it('accepts exactly the shared secret as a bearer token', () => {
    const secret = 'x'.repeat(32);
    expect(bearerMatches(`Bearer ${secret}`, secret)).toBe(true);
    expect(bearerMatches(`bearer ${secret}`, secret)).toBe(true);
    expect(bearerMatches(`Bearer ${secret}y`, secret)).toBe(false);
    expect(bearerMatches(`Bearer ${'y'.repeat(32)}`, secret)).toBe(false);
    expect(bearerMatches(null, secret)).toBe(false);
    expect(bearerMatches('Bearer ', '')).toBe(false);
    expect(bearerMatches('Bearer x', undefined)).toBe(false);
  });
});

describe('planCommand', () => {
  it('publishes a valid frame to every socket', () => {
    const message = { type: 'joinChat', chatId: 'c1', userId: 'u2' };
    expect(planCommand(JSON.stringify({ type: 'publish', message }), sockets)).toEqual({
      ok: true,
      plan: { broadcast: JSON.stringify(message), reply: { delivered: 4 } },
    });
  });

  it('closes the sockets of one user only', () => {
    expect(planCommand('{"type":"disconnect","userId":"u1"}', sockets)).toEqual({
      ok: true,
      plan: { close: ['a', 'c'], reply: { closed: 2 } },
    });
  });

  it('counts the sockets of one user', () => {
    expect(planCommand('{"type":"presence","userId":"u2"}', sockets)).toEqual({
      ok: true,
      plan: { reply: { connections: 1 } },
    });
    expect(planCommand('{"type":"presence","userId":"u9"}', [])).toEqual({
      ok: true,
      plan: { reply: { connections: 0 } },
    });
  });

  it.each([
    ['not JSON', 'nope', 'MALFORMED_BODY'],
    ['an unknown command', '{"type":"shutdown"}', 'VALIDATION_FAILED'],
    [
      'a frame outside the contract',
      '{"type":"publish","message":{"type":"eval"}}',
      'VALIDATION_FAILED',
    ],
    ['an extra field', '{"type":"presence","userId":"u1","all":true}', 'VALIDATION_FAILED'],
    ['a huge body', `"${'x'.repeat(MAX_COMMAND_CHARS)}"`, 'PAYLOAD_TOO_LARGE'],
  ])('refuses %s', (_, raw, code) => {
    expect(planCommand(raw, sockets)).toMatchObject({ ok: false, code });
  });
});

describe('parseFanout', () => {
  it('reads one contract frame for a list of known rooms', () => {
    const message = { type: 'pong', at: 1 };
    expect(parseFanout(JSON.stringify({ rooms: ['user-u1', 'chat-c1'], message }))).toEqual({
      ok: true,
      pushes: [{ rooms: ['user-u1', 'chat-c1'], message }],
    });
  });

  it('reads a batch of them, in order', () => {
    const pushes = [
      { rooms: ['user-u1'], message: { type: 'pong', at: 1 } },
      { rooms: ['user-u2', 'chat-c1'], message: { type: 'pong', at: 2 } },
    ];
    expect(parseFanout(JSON.stringify({ pushes }))).toEqual({ ok: true, pushes });
  });

  it.each([
    ['no rooms', { rooms: [], message: { type: 'pong', at: 1 } }],
    ['an unknown room', { rooms: ['lobby'], message: { type: 'pong', at: 1 } }],
    ['a frame outside the contract', { rooms: ['user-u1'], message: { type: 'eval' } }],
    [
      'too many rooms',
      {
        rooms: Array.from({ length: 101 }, (_, i) => `user-${i}`),
        message: { type: 'pong', at: 1 },
      },
    ],
    ['an empty batch', { pushes: [] }],
    [
      'a batch with one bad push',
      {
        pushes: [
          { rooms: ['user-u1'], message: { type: 'pong', at: 1 } },
          { rooms: ['lobby'], message: { type: 'pong', at: 1 } },
        ],
      },
    ],
    [
      'too many pushes',
      {
        pushes: Array.from({ length: 101 }, () => ({
          rooms: ['user-u1'],
          message: { type: 'pong', at: 1 },
        })),
      },
    ],
  ])('refuses %s', (_, body) => {
    expect(parseFanout(JSON.stringify(body))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
  });
});
