import { MESSAGES, SECRET_MASK } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { emptyConnection } from './connection-form-model';
import { connectionFormSchema, INVALID_VALUE } from './connection-form-schema';

/** Each failing path with its message. */
function problems(type: string, values: unknown): Record<string, string> {
  const initial = emptyConnection(type).fields;
  const parsed = connectionFormSchema(type, initial).safeParse(values);
  return Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('connectionFormSchema', () => {
  it("says 'This field is required' for name and each required field, a blank reference included", () => {
    const sftp = emptyConnection('sftp');
    expect(problems('sftp', sftp)).toEqual({
      name: MESSAGES.required,
      'fields.host': MESSAGES.required,
      'fields.username': MESSAGES.required,
      'fields.password': MESSAGES.required,
    });
    const filled = { ...sftp, name: 'files', fields: { ...sftp.fields, host: 'h', username: 'u', password: { valueFrom: { env: ' ' } } } };
    expect(problems('sftp', filled)).toEqual({ 'fields.password': MESSAGES.required });
    expect(problems('sftp', { ...filled, fields: { ...filled.fields, password: SECRET_MASK } })).toEqual({});
  });

  it('checks name and namespace as the server does and ports as whole numbers', () => {
    const smb = emptyConnection('smb');
    const values = { name: 'Files_1', namespace: 'ops', fields: { ...smb.fields, host: 'h', username: 'u', password: 'p', port: '44x' } };
    const found = problems('smb', values);
    expect(found.name).toMatch(/DNS-1123 label/);
    expect(found['fields.port']).toBe(INVALID_VALUE);
    expect(Object.keys(found)).toEqual(['name', 'fields.port']);
  });
});
