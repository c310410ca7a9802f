import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TYPES,
  NOTIFICATION_CONNECTION_TYPES as N,
  connectionInputSchema,
  parseConnectionRef,
  secretPropertyNames,
  type ConnectionField,
} from '../index.js';

const ALL = [
  'postgres',
  'mysql',
  'sql_server',
  'http',
  'prometheus',
  'elasticsearch',
  'mongo',
  'ldap',
  'redis',
  'windows',
  'google_cloud',
  'gcs',
  'sftp',
  'aws',
  's3',
  'kubernetes',
  'azure_devops',
  'azure',
  'github',
  'gitlab',
  'restic',
  'smb',
  'jmeter',
  'dynatrace',
  'discord',
  'email',
  'google_chat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'teams',
  'telegram',
  'zulip_chat',
  'generic_webhook',
  'folder',
  'git',
];

const field = (type: keyof typeof CONNECTION_TYPES, name: string): ConnectionField | undefined =>
  CONNECTION_TYPES[type].fields.find((f) => f.name === name);

describe('connection catalogue', () => {
  it('has every type, jmeter hidden, and a URL composer on every notification type only', () => {
    expect(Object.keys(CONNECTION_TYPES).sort()).toEqual([...ALL].sort());
    expect(CONNECTION_TYPES.jmeter.hidden).toBe(true);
    for (const [type, info] of Object.entries(CONNECTION_TYPES)) {
      expect(typeof info.composeUrl === 'function', type).toBe(info.category === 'notification');
    }
  });

  it('holds the defaults of the forms', () => {
    expect(field('sftp', 'port')?.default).toBe(22);
    expect(field('smb', 'port')?.default).toBe(445);
    expect(field('email', 'port')?.default).toBe(587);
    expect(field('email', 'encryption')).toMatchObject({ default: 'Auto', options: ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'] });
    expect(field('email', 'auth')).toMatchObject({ default: 'Unknown', options: ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'] });
    expect(field('opsgenie', 'port')?.default).toBe(443);
    expect(field('generic_webhook', 'contentType')?.default).toBe('application/json');
    expect(field('generic_webhook', 'requestMethod')).toMatchObject({ default: 'POST', options: ['POST', 'GET'] });
    expect(field('generic_webhook', 'messageKey')?.default).toBe('message');
    expect(field('generic_webhook', 'titleKey')?.default).toBe('title');
    expect(field('git', 'ref')?.default).toBe('main');
    expect(secretPropertyNames('restic')).toEqual(['accessKey', 'secretKey']);
  });

  it('composes channel URLs', () => {
    expect(N.slack.composeUrl({ password: 'xoxb-1', channel: 'ops' })).toBe('slack://xoxb-1@ops');
    expect(N.email.composeUrl({ host: 'smtp.example', port: 587, username: 'me', password: 'p@ss', from: 'ops@example.com' })).toBe(
      'smtp://me:p%40ss@smtp.example:587/?from=ops%40example.com&encryption=Auto&auth=Unknown',
    );
    expect(N.teams.composeUrl({ webhookUrl: 'https://acme.webhook.office.com/webhookb2/g1@t1/IncomingWebhook/a1/o1' })).toBe(
      'teams://g1@t1/a1/o1?host=acme.webhook.office.com',
    );
    expect(N.generic_webhook.composeUrl({ webhookUrl: 'http://hooks.local/in' })).toBe(
      'generic://hooks.local/in?contenttype=application%2Fjson&method=POST&messagekey=message&titlekey=title&disabletls=yes',
    );
    expect(N.ntfy.composeUrl({ topic: 'alerts' })).toBe('ntfy://ntfy.sh/alerts');
  });

  it('validates input: DNS-1123 names, namespace default, known types, credential references', () => {
    expect(connectionInputSchema.parse({ name: 'pg', type: 'postgres' })).toMatchObject({
      namespace: 'default',
      insecure_tls: false,
      properties: {},
    });
    const bad = connectionInputSchema.safeParse({ name: 'Bad_Name', type: 'postgres' });
    expect(bad.error?.issues[0]?.path).toEqual(['name']);
    const badType = connectionInputSchema.safeParse({ name: 'x', type: 'pigeon' });
    expect(badType.error?.issues[0]).toMatchObject({ path: ['type'], message: expect.stringContaining('"pigeon"') });
    expect(connectionInputSchema.safeParse({ name: 'x', type: 'http', password: { valueFrom: { env: 'TOKEN' } } }).success).toBe(true);
    expect(connectionInputSchema.safeParse({ name: 'x', type: 'http', password: { valueFrom: { shell: 'cat' } } }).success).toBe(false);
    expect(parseConnectionRef('connection://team/pg')).toEqual({ namespace: 'team', name: 'pg' });
    expect(parseConnectionRef('connection://pg')).toEqual({ namespace: 'default', name: 'pg' });
  });
});
