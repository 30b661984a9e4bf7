import { describe, expect, it } from 'vitest';
import { demoEmbedOrigins } from './demo-embed-key.ts';

describe('the demo embed key’s origins', () => {
  it('are the local demo pages', () => {
    expect(demoEmbedOrigins('http://localhost:8787', 8790)).toEqual([
      'http://localhost:8787',
      'http://127.0.0.1:8787',
      'http://localhost:8790',
      'http://127.0.0.1:8790',
    ]);
  });

  it('leave out a plain-http origin off this machine, which no embed key may allow (decision 029)', () => {
    expect(demoEmbedOrigins('http://demo-host.lan:8787', 8790)).toEqual([
      'http://127.0.0.1:8787',
      'http://localhost:8787',
      'http://localhost:8790',
      'http://127.0.0.1:8790',
    ]);
    expect(demoEmbedOrigins('https://demo.example', 8790)).toEqual([
      'https://demo.example',
      'http://localhost:8790',
      'http://127.0.0.1:8790',
    ]);
  });
});
