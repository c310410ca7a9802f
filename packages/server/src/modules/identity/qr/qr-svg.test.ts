import { describe, expect, it } from 'vitest';
import { scanQrSvg as scan } from '../testing/scan-qr-svg.js';
import { qrDataUrl } from './qr-svg.js';

describe('TOTP QR image', () => {
  it('renders an otpauth URL as an SVG data URL that a decoder reads back exactly', async () => {
    const url =
      'otpauth://totp/Ops%20Console:jane.doe%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ops%20Console&algorithm=SHA1&digits=6&period=30';
    const src = await qrDataUrl(url);
    expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(scan(src)).toBe(url);
  });

  it.each([1, 40, 300])('round-trips %i characters, including UTF-8', async (len) => {
    const text = Array.from({ length: len }, (_, i) => 'aZ9:/?=&é '[i % 10]).join('');
    expect(scan(await qrDataUrl(text))).toBe(text);
  });

  it('keeps the 4-module quiet zone scanners need', async () => {
    const svg = Buffer.from((await qrDataUrl('hello')).split(',')[1]!, 'base64').toString();
    // 'hello' fits version 1 (21 modules) at level M: 21 + 2 × 4.
    expect(svg).toContain('viewBox="0 0 29 29"');
  });
});
