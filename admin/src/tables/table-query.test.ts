import { describe, expect, it } from 'vitest';
import { listQuery, readTableQuery, writeTableQuery } from './table-query.ts';

describe('readTableQuery', () => {
  it('reads search, status, dates, page and size from the URL', () => {
    expect(
      readTableQuery(
        new URLSearchParams(
          'search=ann&status=active&startDate=2025-01-01&endDate=2025-01-31&page=3&limit=20',
        ),
      ),
    ).toEqual({
      search: 'ann',
      status: 'active',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      page: 3,
      limit: 20,
    });
  });

  it('falls back to page 1, 10 a page and the default status', () => {
    expect(
      readTableQuery(new URLSearchParams('page=-2&limit=7'), { status: 'pending' }),
    ).toMatchObject({ page: 1, limit: 10, status: 'pending' });
  });
});

describe('writeTableQuery', () => {
  it('leaves out empty values and defaults, and round-trips', () => {
    const query = {
      search: ' ann ',
      status: '',
      startDate: '2025-01-01',
      endDate: '',
      page: 2,
      limit: 5,
    };
    const params = writeTableQuery(query, { effect: 'price', affected: '' });
    expect(params.toString()).toBe('search=ann&startDate=2025-01-01&effect=price&page=2&limit=5');
    expect(readTableQuery(params)).toEqual({ ...query, search: 'ann' });
  });
});

describe('listQuery', () => {
  it('drops empty filters for the call', () => {
    expect(
      listQuery({ search: '', status: 'active', startDate: '', endDate: '', page: 1, limit: 10 }),
    ).toEqual({
      search: undefined,
      status: 'active',
      startDate: undefined,
      endDate: undefined,
      page: 1,
      limit: 10,
    });
  });
});
