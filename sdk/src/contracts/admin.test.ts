import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AdminFranchiseCreateSchema } from './admin.ts';

function messages(input: unknown) {
  const { issues } = v.safeParse(AdminFranchiseCreateSchema, input);
  return issues ? v.flatten(issues).nested : {};
}

describe('AdminFranchiseCreateSchema', () => {
  it('asks for the brand name in words when it is missing (a form drops empty values), empty or blank', () => {
    for (const input of [{}, { company: '' }, { company: '   ' }]) {
      expect(messages(input)).toEqual({ company: ['Please input the brand name!'] });
    }
    expect(v.parse(AdminFranchiseCreateSchema, { company: ' Maple ' }).company).toBe('Maple');
  });
});
