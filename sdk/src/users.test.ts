import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from './contracts/index.ts';
import { fixtures, rejection, useTestClient } from './test-api-server.ts';

const t = useTestClient({ token: 'tok', refreshToken: 'ref', user: fixtures.user });

describe('getProfile', () => {
  it('gets users/profile with the credentials', async () => {
    t.server.route('GET /api/users/profile', () => ({ json: fixtures.ownProfile }));
    await expect(t.api.users.getProfile()).resolves.toEqual(fixtures.ownProfile);
    expect(t.server.requests[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('is retried exactly once on a 5xx', async () => {
    t.server.route('GET /api/users/profile', () => ({ status: 502, raw: 'Bad gateway' }));
    const error = await rejection(t.api.users.getProfile());
    expect(t.server.requestsTo('GET /api/users/profile')).toHaveLength(2);
    expect(error.message).toBe('Error fetching profile: Something went wrong. Please try again.');
    expect(error.status).toBe(502);
  });

  it('succeeds when the retry succeeds', async () => {
    let calls = 0;
    t.server.route('GET /api/users/profile', () =>
      ++calls === 1 ? { status: 500, raw: '' } : { json: fixtures.ownProfile },
    );
    await expect(t.api.users.getProfile()).resolves.toEqual(fixtures.ownProfile);
    expect(calls).toBe(2);
  });

  it('is not retried on a 401, which signs out', async () => {
    t.server.route('GET /api/users/profile', () => ({
      status: 401,
      json: { message: 'You are not signed in', code: 'UNAUTHORIZED' },
    }));
    const error = await rejection(t.api.users.getProfile());
    expect(error.message).toBe('Error fetching profile: You are not signed in');
    expect(t.server.requests).toHaveLength(1);
    expect(t.store.get()).toBeNull();
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('getPublicProfile', () => {
  it('URL-encodes the id and is not retried', async () => {
    t.server.route('GET /api/users/profile/c%2F1', () => ({ json: fixtures.consultantProfile }));
    await expect(t.api.users.getPublicProfile('c/1')).resolves.toEqual(fixtures.consultantProfile);
    expect(t.server.requests[0]?.url).toBe('/api/users/profile/c%2F1');

    t.server.route('GET /api/users/profile/x', () => ({ status: 503, raw: '' }));
    await rejection(t.api.users.getPublicProfile('x'));
    expect(t.server.requestsTo('GET /api/users/profile/x')).toHaveLength(1);
  });

  it("reports a missing profile with the server's message", async () => {
    const error = await rejection(t.api.users.getPublicProfile('nobody'));
    expect(error.message).toBe('Error fetching profile: Not found');
    expect(error.code).toBe('NOT_FOUND');
  });

  it("names the expected role's operation (user-area §8: Error fetching consultant by ID)", async () => {
    const consultant = await rejection(t.api.users.getPublicProfile('nobody', 'consultant'));
    expect(consultant.message).toBe('Error fetching consultant by ID: Not found');
    const franchisor = await rejection(t.api.users.getPublicProfile('nobody', 'franchisor'));
    expect(franchisor.message).toBe('Error fetching franchisor by ID: Not found');
  });
});

describe('changePassword', () => {
  const input = {
    oldPassword: 'Old-Pass1!',
    password: 'New-Pass1!',
    confirmPassword: 'New-Pass1!',
  };

  it('patches users/password', async () => {
    t.server.route('PATCH /api/users/password', () => ({ json: { ok: true } }));
    await expect(t.api.users.changePassword(input)).resolves.toBeUndefined();
    expect(JSON.parse(t.server.requests[0]?.body ?? '')).toEqual(input);
  });

  it('refuses mismatched passwords before sending', async () => {
    const error = await rejection(
      t.api.users.changePassword({ ...input, confirmPassword: 'Other-Pass1!' }),
    );
    expect(error.errors).toEqual({ confirmPassword: FIELD_MESSAGES.passwordsDoNotMatch });
    expect(error.message).toBe(`Error updating password: ${FIELD_MESSAGES.passwordsDoNotMatch}`);
    expect(t.server.requests).toHaveLength(0);
  });

  it("shows the server's field errors", async () => {
    t.server.route('PATCH /api/users/password', () => ({
      status: 400,
      json: {
        message: 'The current password is incorrect',
        code: 'WRONG_PASSWORD',
        errors: { oldPassword: 'The current password is incorrect' },
      },
    }));
    const error = await rejection(t.api.users.changePassword(input));
    expect(error.message).toBe('Error updating password: The current password is incorrect');
    expect(error.errors).toEqual({ oldPassword: 'The current password is incorrect' });
    expect(t.onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('updateAccount', () => {
  it('patches users with JSON, dropping undefined and empty fields', async () => {
    t.server.route('PATCH /api/users', () => ({
      json: { ...fixtures.ownProfile, firstName: 'Augusta' },
    }));
    const profile = await t.api.users.updateAccount({
      firstName: 'Augusta',
      lastName: '',
      email: undefined,
    });
    expect(profile.firstName).toBe('Augusta');
    const [request] = t.server.requests;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ firstName: 'Augusta' });
  });

  it('refuses an invalid e-mail before sending', async () => {
    const error = await rejection(t.api.users.updateAccount({ email: 'nope' }));
    expect(error.errors).toEqual({ email: FIELD_MESSAGES.emailInvalid });
    expect(error.message).toBe(`Error updating profile: ${FIELD_MESSAGES.emailInvalid}`);
    expect(t.server.requests).toHaveLength(0);
  });
});

describe('setTimeZone', () => {
  it('patches users with the zone alone and answers the profile that keeps it', async () => {
    t.server.route('PATCH /api/users', () => ({
      json: { ...fixtures.ownProfile, timeZone: 'America/Chicago' },
    }));
    const profile = await t.api.users.setTimeZone({ timeZone: 'America/Chicago' });
    expect(profile.timeZone).toBe('America/Chicago');
    expect(JSON.parse(t.server.requests[0]?.body ?? '')).toEqual({ timeZone: 'America/Chicago' });
  });

  it('refuses a zone outside the offered ones before sending', async () => {
    const error = await rejection(
      t.api.users.setTimeZone({ timeZone: 'Mars/Olympus' as 'America/Chicago' }),
    );
    expect(error.errors).toEqual({ timeZone: 'Please choose one of the offered time zones' });
    expect(t.server.requests).toHaveLength(0);
  });
});
