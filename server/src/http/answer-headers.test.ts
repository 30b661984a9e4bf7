import type { OutgoingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AnswerHeaders, lowerCaseNames } from './answer-headers.ts';

const JSON_LIST = lowerCaseNames([['X-Frame-Options', 'DENY']]);
const OTHER_LIST = lowerCaseNames([
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Referrer-Policy', 'no-referrer'],
]);

function sample() {
  return new AnswerHeaders()
    .byContentType(JSON_LIST, OTHER_LIST)
    .fallback('Cache-Control', 'no-store')
    .append('Vary', 'Origin')
    .set('access-control-allow-origin', '*')
    .setAll([['Referrer-Policy', 'same-origin']])
    .set('x-request-id', 'r1')
    .set('x-request-id', 'r2');
}

/** The same handler answer as a node record and as web Headers, each with `sample()` applied. */
function bothWays(own: Record<string, string>) {
  const record: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(own)) record[name.toLowerCase()] = value;
  sample().applyToRecord(record);
  const headers = new Headers(own);
  sample().applyToHeaders(headers);
  const fromHeaders: Record<string, string> = {};
  for (const [name, value] of headers) fromHeaders[name] = value;
  return { record, fromHeaders };
}

describe('AnswerHeaders', () => {
  it('sets the JSON list on a JSON answer, keeps the answer’s cache-control, appends to its vary', () => {
    const { record, fromHeaders } = bothWays({
      'content-type': 'application/json; charset=UTF-8',
      'cache-control': 'max-age=60',
      vary: 'Accept-Encoding',
      'x-frame-options': 'ALLOW-FROM x',
    });
    expect(record).toEqual({
      'content-type': 'application/json; charset=UTF-8',
      'cache-control': 'max-age=60',
      vary: 'Accept-Encoding, Origin',
      'x-frame-options': 'DENY',
      'access-control-allow-origin': '*',
      'referrer-policy': 'same-origin',
      'x-request-id': 'r2',
    });
    expect(fromHeaders).toEqual(record);
  });

  it('sets the other list on any other answer, and the fallback where the answer has none', () => {
    const { record, fromHeaders } = bothWays({ 'content-type': 'text/html' });
    expect(record).toEqual({
      'content-type': 'text/html',
      'cache-control': 'no-store',
      vary: 'Origin',
      'x-frame-options': 'SAMEORIGIN',
      // `set` comes after the content type's list: its value wins.
      'referrer-policy': 'same-origin',
      'access-control-allow-origin': '*',
      'x-request-id': 'r2',
    });
    expect(fromHeaders).toEqual(record);
  });

  it('reads headers the response already has where the record has none', () => {
    const record: OutgoingHttpHeaders = {};
    const existing: OutgoingHttpHeaders = {
      'content-type': 'application/json',
      'cache-control': 'private',
      vary: 'Cookie',
    };
    sample().applyToRecord(record, (name) => existing[name]);
    expect(record['cache-control']).toBeUndefined();
    expect(record.vary).toBe('Cookie, Origin');
    expect(record['x-frame-options']).toBe('DENY');
  });
});
