import { USER_FORM_MESSAGES } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { sortUsers } from '../api/sort-users';
import { userName } from '../api/users-api';
import { EMPTY_INVITE, validateInvite } from './user-form-model';

describe('invite form', () => {
  it('names every missing field with its message', () => {
    expect(validateInvite(EMPTY_INVITE).errors).toEqual({
      firstName: USER_FORM_MESSAGES.firstName,
      lastName: USER_FORM_MESSAGES.lastName,
      email: USER_FORM_MESSAGES.email,
      role: USER_FORM_MESSAGES.role,
    });
  });

  it('refuses an e-mail without the x@y.z shape and accepts a complete form', () => {
    const values = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example', role: 'editor' };
    expect(validateInvite(values).errors).toEqual({ email: USER_FORM_MESSAGES.emailFormat });
    expect(validateInvite({ ...values, email: ' ann@example.com ' })).toEqual({
      data: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', role: 'editor' },
      errors: {},
    });
    expect(validateInvite({ ...values, email: 'ann@example.com', role: 'owner' }).errors).toEqual({ role: USER_FORM_MESSAGES.role });
  });
});

describe('users table helpers', () => {
  const row = (first: string, last: string, email: string, created: string) => ({
    id: email,
    traits: { email, name: { first, last } },
    state: 'active' as const,
    state_changed_at: created,
    created_at: created,
    updated_at: created,
    name: `${first} ${last}`.trim(),
    email,
    roles: [],
  });
  const users = [row('bob', 'B', 'b@x.io', '2024-01-02'), row('Ann', '', 'a@x.io', '2024-01-03'), row('', '', 'c@x.io', '2024-01-01')];

  it('names a user by first and last name, else the e-mail', () => {
    expect(users.map(userName)).toEqual(['bob B', 'Ann', 'c@x.io']);
  });

  it('sorts by name case-insensitively or by a column, both ways', () => {
    expect(sortUsers(users, 'name', 'asc').map((u) => u.email)).toEqual(['a@x.io', 'b@x.io', 'c@x.io']);
    expect(sortUsers(users, 'created_at', 'desc').map((u) => u.email)).toEqual(['a@x.io', 'b@x.io', 'c@x.io']);
    expect(sortUsers(users, 'unknown', 'desc').map((u) => u.email)).toEqual(['c@x.io', 'b@x.io', 'a@x.io']);
  });
});
