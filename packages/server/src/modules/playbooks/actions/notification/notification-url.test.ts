import { describe, expect, it } from 'vitest';
import { deliveryOf } from './notification-url.js';

const content = { title: 'Disk full', message: 'node-1 has 1% left', properties: {} };

describe('notification channel URLs', () => {
  it('reads an smtp:// URL as an email with its sender, recipients and security', () => {
    expect(deliveryOf('smtp://me:p%40ss@mail.example:465/?from=ops@example.com&to=a@x,b@x&encryption=ImplicitTLS', content)).toEqual({
      kind: 'email',
      host: 'mail.example',
      port: 465,
      username: 'me',
      password: 'p@ss',
      encryption: 'ImplicitTLS',
      auth: 'Unknown',
      from: 'ops@example.com',
      fromName: undefined,
      to: ['a@x', 'b@x'],
    });
  });

  it('lets properties supply what the URL lacks (the recipients of an email connection)', () => {
    const d = deliveryOf('smtp://mail.example/?from=ops@example.com', { ...content, properties: { to: 'oncall@example.com' } });
    expect(d).toMatchObject({ kind: 'email', port: 587, to: ['oncall@example.com'] });
  });

  it('turns generic webhooks into a JSON POST without the service keys in the target URL', () => {
    const d = deliveryOf(
      'generic://hooks.example/in?team=a&contenttype=application/json&titlekey=subject&messagekey=text&disabletls=yes',
      content,
    );
    expect(d).toMatchObject({ kind: 'http', method: 'POST', headers: { 'Content-Type': 'application/json' } });
    if (d.kind !== 'http') throw new Error('expected http');
    expect(d.url.toString()).toBe('http://hooks.example/in?team=a');
    expect(JSON.parse(d.body)).toEqual({ subject: 'Disk full', text: 'node-1 has 1% left' });
    const secure = deliveryOf('generic+https://hooks.example/x', content);
    expect(secure.kind === 'http' && secure.url.toString()).toBe('https://hooks.example/x');
  });

  it('posts to Slack as a bot (token and channel) or through an incoming webhook', () => {
    const bot = deliveryOf('slack://xoxb:123-abc@ops', content);
    expect(bot).toMatchObject({ kind: 'http', headers: { Authorization: 'Bearer xoxb-123-abc' } });
    if (bot.kind !== 'http') throw new Error('expected http');
    expect(bot.url.toString()).toBe('https://slack.com/api/chat.postMessage');
    expect(JSON.parse(bot.body)).toEqual({ channel: 'ops', text: '*Disk full*\nnode-1 has 1% left' });
    const hook = deliveryOf('slack://hook:T1-B2-C3@webhook', content);
    expect(hook.kind === 'http' && hook.url.toString()).toBe('https://hooks.slack.com/services/T1/B2/C3');
  });

  it('refuses what it cannot deliver, naming the field', () => {
    expect(() => deliveryOf('not a url', content)).toThrow('notification.url: is not a channel URL');
    expect(() => deliveryOf('smtp://mail.example/?to=a@x', content)).toThrow('smtp:// needs from=');
    expect(() => deliveryOf('teams://a@b/c/d', content)).toThrow('teams:// channels are not supported here');
  });
});
