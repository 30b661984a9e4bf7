import type { AdminFranchisorOption } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { franchisorChoices } from './franchisor-choices.ts';

const person = (
  id: string,
  franchise: AdminFranchisorOption['franchise'] = null,
): AdminFranchisorOption => ({
  id,
  firstName: 'Ann',
  lastName: id,
  email: `${id}@brand.example`,
  franchise,
});

describe('the choices of Add Existing Franchisor', () => {
  it('lists what the search found with name, e-mail and franchise, less this franchise', () => {
    const found = [
      person('a'),
      person('b', { id: 'here', company: 'Here Inc' }),
      person('c', { id: 'other', company: 'Other Co' }),
    ];
    expect(franchisorChoices(found, 'here', null)).toEqual([
      { value: 'a', label: 'Ann a (a@brand.example)' },
      { value: 'c', label: 'Ann c (c@brand.example) — Other Co' },
    ]);
  });

  it('keeps the chosen franchisor when a later search no longer finds them', () => {
    const chosen = person('z');
    expect(franchisorChoices([person('a')], 'here', chosen).map((c) => c.value)).toEqual([
      'z',
      'a',
    ]);
    // Found again: listed once, where the search puts them.
    expect(franchisorChoices([person('a'), chosen], 'here', chosen).map((c) => c.value)).toEqual([
      'a',
      'z',
    ]);
  });
});
