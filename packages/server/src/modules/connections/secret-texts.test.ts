// The forms of a secret hidden inside composed channel URLs and messages.
import { NOTIFICATION_CONNECTION_TYPES } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { hideTexts, secretTexts } from './secret-texts.js';

const hide = (text: string, secrets: string[]) => hideTexts(text, secretTexts(secrets), '***');

describe('secretTexts', () => {
  it('hides a value, its URL encoding, and leaves values too short to tell from words', () => {
    expect(hide('pw p@ss% and p%40ss%25', ['p@ss%'])).toBe('pw *** and ***');
    expect(hide('ab stays', ['ab'])).toBe('ab stays');
  });

  it('hides the path of a webhook URL inside the channel URL composed from it, keeping the host', () => {
    const webhookUrl = 'https://hooks.example.com/services/T0001/B0002/XyZsecretToken';
    const url = NOTIFICATION_CONNECTION_TYPES.generic_webhook.composeUrl!({ webhookUrl });
    expect(hide(url, [webhookUrl])).toMatch(/^generic:\/\/hooks\.example\.com\*\*\*\?contenttype=/);
    const keepSlash = hideTexts(url, secretTexts([webhookUrl]), (t) => (t.startsWith('/') ? '/***' : '***'));
    expect(keepSlash).toMatch(/^generic:\/\/hooks\.example\.com\/\*\*\*\?contenttype=/);
  });

  it("hides a Teams webhook's ids, which the composed URL rearranges", () => {
    const webhookUrl = 'https://acme.webhook.office.com/webhookb2/11111111-aaaa@22222222-bbbb/IncomingWebhook/33333333cccc/44444444-dddd';
    const url = NOTIFICATION_CONNECTION_TYPES.teams.composeUrl!({ webhookUrl });
    const shown = hide(url, [webhookUrl]);
    for (const id of ['11111111-aaaa', '22222222-bbbb', '33333333cccc', '44444444-dddd']) expect(shown).not.toContain(id);
    expect(shown).toContain('host=acme.webhook.office.com');
  });
});
