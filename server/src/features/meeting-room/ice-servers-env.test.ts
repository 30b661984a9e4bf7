import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../env.ts';

/** `ICE_SERVERS` (rule 16): a JSON array of RTCIceServer, empty by default, checked at start. */
describe('ICE_SERVERS', () => {
  it('is empty by default and read as RTCIceServer objects', () => {
    expect(loadEnv({}).ICE_SERVERS).toEqual([]);
    const servers = [
      { urls: 'stun:turn.example.com:3478' },
      {
        urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'],
        username: 'fm',
        credential: 'secret',
      },
    ];
    expect(loadEnv({ ICE_SERVERS: JSON.stringify(servers) }).ICE_SERVERS).toEqual(servers);
  });

  it('stops the start with a message naming it when it is not valid', () => {
    for (const bad of [
      'nope',
      '{"urls":"stun:x"}',
      '[{"urls":"http://x"}]',
      '[{"url":"stun:x"}]',
    ]) {
      expect(() => loadEnv({ ICE_SERVERS: bad })).toThrow(EnvError);
      expect(() => loadEnv({ ICE_SERVERS: bad })).toThrow(
        /ICE_SERVERS: must be a JSON array of RTCIceServer/,
      );
    }
  });
});
