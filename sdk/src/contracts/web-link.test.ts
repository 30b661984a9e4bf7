import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isWebLink, WEB_LINK_MESSAGE, WebLinkSchema } from './web-link.ts';

describe('web links', () => {
  it('takes absolute http(s) links only', () => {
    for (const link of [
      'https://brand.example',
      'http://localhost:8787/x?y=1#z',
      'HTTPS://Brand.Example',
    ]) {
      expect(isWebLink(link), link).toBe(true);
    }
    for (const link of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'brand.example',
      '//brand.example',
      'https://',
      '',
    ]) {
      expect(isWebLink(link), link).toBe(false);
    }
  });

  it('trims, clears on an empty text, and says what it wants', () => {
    expect(v.parse(WebLinkSchema, '  https://brand.example  ')).toBe('https://brand.example');
    expect(v.parse(WebLinkSchema, '')).toBeNull();
    expect(v.parse(WebLinkSchema, null)).toBeNull();
    const refused = v.safeParse(WebLinkSchema, 'javascript:alert(1)');
    expect(refused.success).toBe(false);
    expect(refused.issues?.map((issue) => issue.message)).toContain(WEB_LINK_MESSAGE);
    expect(v.safeParse(WebLinkSchema, `https://b.example/${'x'.repeat(300)}`).success).toBe(false);
  });
});
