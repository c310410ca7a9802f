/**
 * Notification channel connection types. Their forms hold the channel's parts and store the channel URL
 * (shoutrrr style, the form Mission Control's notification sender reads) in `url`, composed here.
 */
import { passwordField, propertyField, usernameField, type ConnectionFormValues, type ConnectionTypeInfo } from './fields.js';

const s = (v: ConnectionFormValues[string]): string => (v === undefined || v === null ? '' : String(v));
const enc = (v: ConnectionFormValues[string]): string => encodeURIComponent(s(v));
/** A query string of the non-empty pairs, with a leading '?' when there is any. */
const query = (pairs: Record<string, ConnectionFormValues[string]>): string => {
  const text = Object.entries(pairs)
    .filter(([, v]) => s(v) !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${enc(v)}`)
    .join('&');
  return text ? `?${text}` : '';
};
const userinfo = (user: ConnectionFormValues[string], pass: ConnectionFormValues[string]): string =>
  s(user) === '' && s(pass) === '' ? '' : `${enc(user)}${s(pass) === '' ? '' : `:${enc(pass)}`}@`;
const hostPort = (host: ConnectionFormValues[string], port: ConnectionFormValues[string]): string =>
  `${s(host)}${s(port) === '' ? '' : `:${s(port)}`}`;
const stripScheme = (url: string): string => url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');

/** A notification type: always has a URL composer. */
export type NotificationTypeInfo = ConnectionTypeInfo & { composeUrl: (values: ConnectionFormValues) => string };

const notification = (
  label: string,
  fields: ConnectionTypeInfo['fields'],
  composeUrl: (v: ConnectionFormValues) => string,
): NotificationTypeInfo => ({ label, category: 'notification', fields, composeUrl });

// A Teams incoming webhook URL, https://<org>.webhook.office.com/webhookb2/<group>@<tenant>/IncomingWebhook/<altId>/<owner>.
const TEAMS_WEBHOOK = /^https:\/\/([^/]+)\/webhookb2\/([^@/]+)@([^/]+)\/IncomingWebhook\/([^/]+)\/([^/?#]+)/;

const NOTIFICATION_TYPES = {
  discord: notification(
    'Discord',
    [propertyField('webhookId', 'Webhook ID', { required: true }), passwordField('Token')],
    (v) => `discord://${enc(v.password)}@${enc(v.webhookId)}`,
  ),
  email: notification(
    'Email',
    [
      propertyField('host', 'SMTP host', { required: true }),
      propertyField('port', 'Port', { kind: 'number', default: 587 }),
      usernameField('Username', false),
      passwordField('Password', false),
      propertyField('encryption', 'Encryption', {
        kind: 'select',
        options: ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'],
        default: 'Auto',
      }),
      propertyField('auth', 'Authentication', {
        kind: 'select',
        options: ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'],
        default: 'Unknown',
      }),
      propertyField('from', 'From address', { required: true }),
      propertyField('fromName', 'From name'),
    ],
    (v) =>
      `smtp://${userinfo(v.username, v.password)}${hostPort(v.host, v.port ?? 587)}/${query({
        from: v.from,
        fromname: v.fromName,
        encryption: v.encryption ?? 'Auto',
        auth: v.auth ?? 'Unknown',
      })}`,
  ),
  google_chat: notification(
    'Google Chat',
    [propertyField('webhookUrl', 'Webhook URL', { kind: 'secret', required: true })],
    (v) => `googlechat://${stripScheme(s(v.webhookUrl))}`,
  ),
  ifttt: notification(
    'IFTTT',
    [propertyField('key', 'Webhook key', { kind: 'secret', required: true }), propertyField('events', 'Events', { required: true })],
    (v) => `ifttt://${enc(v.key)}/${query({ events: v.events })}`,
  ),
  mattermost: notification(
    'Mattermost',
    [
      propertyField('host', 'Host', { required: true }),
      propertyField('port', 'Port', { kind: 'number' }),
      usernameField('Username', false),
      propertyField('token', 'Token', { kind: 'secret', required: true }),
      propertyField('channel', 'Channel'),
    ],
    (v) => `mattermost://${userinfo(v.username, '')}${hostPort(v.host, v.port)}/${enc(v.token)}${s(v.channel) ? `/${enc(v.channel)}` : ''}`,
  ),
  matrix: notification(
    'Matrix',
    [
      propertyField('host', 'Host', { required: true }),
      propertyField('port', 'Port', { kind: 'number' }),
      usernameField('User', false),
      passwordField('Password or token'),
      propertyField('rooms', 'Rooms'),
    ],
    (v) => `matrix://${userinfo(v.username, v.password)}${hostPort(v.host, v.port)}/${query({ rooms: v.rooms })}`,
  ),
  ntfy: notification(
    'Ntfy',
    [
      propertyField('host', 'Host', { default: 'ntfy.sh' }),
      propertyField('topic', 'Topic', { required: true }),
      usernameField('Username', false),
      passwordField('Password', false),
    ],
    (v) => `ntfy://${userinfo(v.username, v.password)}${s(v.host) || 'ntfy.sh'}/${enc(v.topic)}`,
  ),
  opsgenie: notification(
    'Opsgenie',
    [
      propertyField('host', 'Host', { default: 'api.opsgenie.com' }),
      propertyField('port', 'Port', { kind: 'number', default: 443 }),
      passwordField('API key'),
    ],
    (v) => `opsgenie://${hostPort(s(v.host) || 'api.opsgenie.com', v.port ?? 443)}/${enc(v.password)}`,
  ),
  pushbullet: notification(
    'Pushbullet',
    [passwordField('Access token'), propertyField('targets', 'Targets', { required: true })],
    (v) => `pushbullet://${enc(v.password)}/${s(v.targets)}`,
  ),
  pushover: notification(
    'Pushover',
    [
      passwordField('API token'),
      propertyField('user', 'User key', { kind: 'secret', required: true }),
      propertyField('devices', 'Devices'),
    ],
    (v) => `pushover://shoutrrr:${enc(v.password)}@${enc(v.user)}/${query({ devices: v.devices })}`,
  ),
  rocketchat: notification(
    'Rocket.Chat',
    [
      propertyField('host', 'Host', { required: true }),
      propertyField('port', 'Port', { kind: 'number' }),
      usernameField('Username', false),
      propertyField('token', 'Token', { kind: 'secret', required: true }),
      propertyField('channel', 'Channel', { required: true }),
    ],
    (v) => `rocketchat://${userinfo(v.username, '')}${hostPort(v.host, v.port)}/${s(v.token)}/${enc(v.channel)}`,
  ),
  slack: notification(
    'Slack',
    [passwordField('Bot token or webhook token'), propertyField('channel', 'Channel', { required: true })],
    (v) => `slack://${s(v.password)}@${enc(v.channel)}`,
  ),
  teams: notification('Microsoft Teams', [propertyField('webhookUrl', 'Webhook URL', { kind: 'secret', required: true })], (v) => {
    const url = s(v.webhookUrl);
    const m = TEAMS_WEBHOOK.exec(url);
    // Webhook URLs of another shape are kept whole so nothing the user typed is lost.
    return m ? `teams://${m[2]}@${m[3]}/${m[4]}/${m[5]}?host=${m[1]}` : `teams+${url}`;
  }),
  telegram: notification(
    'Telegram',
    [passwordField('Bot token'), propertyField('chats', 'Chats', { required: true })],
    (v) => `telegram://${s(v.password)}@telegram/${query({ chats: v.chats })}`,
  ),
  zulip_chat: notification(
    'Zulip Chat',
    [
      propertyField('host', 'Host', { required: true }),
      usernameField('Bot email'),
      passwordField('Bot key'),
      propertyField('stream', 'Stream'),
      propertyField('topic', 'Topic'),
    ],
    (v) => `zulip://${userinfo(v.username, v.password)}${s(v.host)}/${query({ stream: v.stream, topic: v.topic })}`,
  ),
  generic_webhook: notification(
    'Generic Webhook',
    [
      propertyField('webhookUrl', 'Webhook URL', { kind: 'secret', required: true }),
      propertyField('contentType', 'Content type', { default: 'application/json' }),
      propertyField('requestMethod', 'Request method', { kind: 'select', options: ['POST', 'GET'], default: 'POST' }),
      propertyField('messageKey', 'Message key', { default: 'message' }),
      propertyField('titleKey', 'Title key', { default: 'title' }),
    ],
    (v) => {
      const url = s(v.webhookUrl);
      const params = query({
        contenttype: s(v.contentType) || 'application/json',
        method: s(v.requestMethod) || 'POST',
        messagekey: s(v.messageKey) || 'message',
        titlekey: s(v.titleKey) || 'title',
        disabletls: url.startsWith('http://') ? 'yes' : '',
      });
      const rest = stripScheme(url);
      return `generic://${rest}${rest.includes('?') ? `&${params.slice(1)}` : params}`;
    },
  ),
} as const satisfies Record<string, NotificationTypeInfo>;

export const NOTIFICATION_CONNECTION_TYPES: Readonly<Record<keyof typeof NOTIFICATION_TYPES, NotificationTypeInfo>> = NOTIFICATION_TYPES;
