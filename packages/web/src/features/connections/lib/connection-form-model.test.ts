import { SECRET_MASK, type ConnectionView } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { connectionToForm, displayedUrl, emptyConnection, fieldControl, formToInput, formToPatch } from './connection-form-model';

const view = (over: Partial<ConnectionView>): ConnectionView => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'db',
  namespace: 'default',
  type: 'postgres',
  url: null,
  username: null,
  password: null,
  certificate: null,
  insecure_tls: false,
  properties: {},
  source: 'UI',
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('new connections', () => {
  it("start in namespace 'default' with the catalogue's defaults", () => {
    expect(emptyConnection('postgres')).toEqual({ name: '', namespace: 'default', fields: { url: '', username: '', password: '' } });
    expect(emptyConnection('sftp').fields.port).toBe('22');
    expect(emptyConnection('smb').fields.port).toBe('445');
    expect(emptyConnection('opsgenie').fields.port).toBe('443');
    expect(emptyConnection('email').fields).toMatchObject({ port: '587', encryption: 'Auto', auth: 'Unknown' });
    expect(emptyConnection('generic_webhook').fields).toMatchObject({
      contentType: 'application/json',
      requestMethod: 'POST',
      messageKey: 'message',
      titleKey: 'title',
    });
    expect(emptyConnection('git').fields.ref).toBe('main');
    expect(emptyConnection('http').fields.insecure_tls).toBe(false);
  });

  it('draw secrets and certificates as credentials, and a field holding a reference as one too', () => {
    const defs = { url: { name: 'url', label: 'URL', kind: 'text', target: 'url' } } as const;
    expect(fieldControl(defs.url)).toBe('text');
    expect(fieldControl(defs.url, { valueFrom: { env: 'DB_URL' } })).toBe('credential');
    expect(fieldControl({ name: 'certificate', label: 'Kubeconfig', kind: 'textarea', target: 'certificate' })).toBe('credential');
  });
});

describe('formToInput', () => {
  it('puts each field on its column or property, trims text, keeps secrets as typed and clears blanks', () => {
    const input = formToInput('postgres', {
      name: ' pg ',
      namespace: '',
      fields: { url: ' postgres://127.0.0.1:5432/ops ', username: '', password: ' s3cret ' },
    });
    expect(input).toEqual({
      name: 'pg',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://127.0.0.1:5432/ops',
      username: null,
      password: ' s3cret ',
      insecure_tls: false,
      properties: {},
    });
  });

  it('sends references as they are, numbers and switches of properties as text', () => {
    const input = formToInput('s3', {
      name: 'bucket',
      namespace: 'ops',
      fields: {
        bucket: 'logs',
        region: '',
        profile: '',
        username: { valueFrom: { env: 'AWS_ACCESS_KEY_ID' } },
        password: { valueFrom: { file: '/run/secrets/aws' } },
        url: '',
        usePathStyle: true,
        insecure_tls: true,
      },
    });
    expect(input).toMatchObject({
      username: { valueFrom: { env: 'AWS_ACCESS_KEY_ID' } },
      password: { valueFrom: { file: '/run/secrets/aws' } },
      url: null,
      insecure_tls: true,
      properties: { bucket: 'logs', region: '', profile: '', usePathStyle: 'true' },
    });
    expect(formToInput('redis', { ...emptyConnection('redis'), name: 'r' }).properties).toEqual({ db: '0' });
  });

  it('drops a reference with no name, so a required check on the server names the field', () => {
    const input = formToInput('windows', {
      name: 'w',
      namespace: 'default',
      fields: { username: 'u', password: { valueFrom: { env: ' ' } }, domain: '' },
    });
    expect(input.password).toBeNull();
  });

  it('composes the channel URL of notification types', () => {
    const slack = formToInput('slack', { name: 's', namespace: 'default', fields: { password: 'xoxb-1', channel: 'alerts' } });
    expect(slack).toMatchObject({ url: 'slack://xoxb-1@alerts', password: 'xoxb-1', properties: { channel: 'alerts' } });
    const email = formToInput('email', {
      ...emptyConnection('email'),
      name: 'mail',
      fields: { ...emptyConnection('email').fields, host: 'smtp.example.com', username: 'ops', password: 'pw', from: 'ops@example.com' },
    });
    expect(email.url).toBe('smtp://ops:pw@smtp.example.com:587/?from=ops%40example.com&encryption=Auto&auth=Unknown');
    expect(email.properties).toMatchObject({ port: '587', encryption: 'Auto', auth: 'Unknown', host: 'smtp.example.com' });
  });
});

describe('editing', () => {
  it('shows stored secrets as the mask and sends the mask back unchanged', () => {
    const state = connectionToForm(view({ url: 'postgres://h/db', username: 'ops', password: SECRET_MASK }));
    expect(state).toEqual({ name: 'db', namespace: 'default', fields: { url: 'postgres://h/db', username: 'ops', password: SECRET_MASK } });
    expect(formToPatch('postgres', state)).toMatchObject({ password: SECRET_MASK, url: 'postgres://h/db' });
  });

  it('keeps a Secret key reference an applied connection holds, even in a plain text field', () => {
    const ref = { valueFrom: { secretKeyRef: { name: 'pg', key: 'url' } } };
    const state = connectionToForm(view({ url: ref, username: 'u', password: SECRET_MASK }));
    expect(state.fields.url).toEqual(ref);
    expect(formToPatch('postgres', state)).toMatchObject({ url: ref, password: SECRET_MASK });
  });

  it('reads properties back, booleans as switches and missing values as blanks', () => {
    const state = connectionToForm(
      view({ type: 's3', properties: { bucket: 'b', usePathStyle: 'true' }, insecure_tls: true, username: { valueFrom: { env: 'K' } } }),
    );
    expect(state.fields).toEqual({
      bucket: 'b',
      region: '',
      profile: '',
      username: { valueFrom: { env: 'K' } },
      password: '',
      url: '',
      usePathStyle: true,
      insecure_tls: true,
    });
  });

  it('sends a channel URL that needs a masked secret as the mask, so the server composes it from what it stores', () => {
    const state = connectionToForm(
      view({ type: 'slack', url: `slack://${SECRET_MASK}@ops`, password: SECRET_MASK, properties: { channel: 'ops' } }),
    );
    expect(formToPatch('slack', { ...state, fields: { ...state.fields, channel: 'alerts' } })).toMatchObject({
      url: SECRET_MASK,
      password: SECRET_MASK,
      properties: { channel: 'alerts' },
    });
    const retyped = formToPatch('slack', { ...state, fields: { ...state.fields, password: 'xoxb-2' } });
    expect(retyped.url).toBe('slack://xoxb-2@ops');
  });
});

describe('displayedUrl', () => {
  it('hides typed secrets behind stars and is undefined for types without a channel URL', () => {
    expect(displayedUrl('slack', { password: 'xoxb-1', channel: 'alerts' })).toBe('slack://********@alerts');
    expect(displayedUrl('slack', { password: '', channel: 'alerts' })).toBe('slack://@alerts');
    expect(displayedUrl('postgres', { url: 'postgres://h/db' })).toBeUndefined();
  });
});
