import jsqrModule from 'jsqr';
import { describe, expect, it } from 'vitest';
import { encodeQr, type QrCode } from './qr-code.js';
import { qrDataUrl, qrSvg } from './qr-svg.js';

// jsqr is CommonJS with an ES default export: under NodeNext the function sits on `.default`.
const jsQR = jsqrModule.default;

// Rasterise the module matrix (with quiet zone) so an independent decoder can read it back.
function decode(q: QrCode): string | undefined {
  const scale = 3;
  const quiet = 4;
  const dim = (q.size + quiet * 2) * scale;
  const px = new Uint8ClampedArray(dim * dim * 4).fill(255);
  q.modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const o = (((y + quiet) * scale + dy) * dim + (x + quiet) * scale + dx) * 4;
          px[o] = px[o + 1] = px[o + 2] = 0;
        }
    }),
  );
  return jsQR(px, dim, dim)?.data;
}

describe('QR encoder', () => {
  it('encodes an otpauth URL that a decoder reads back exactly', () => {
    const url =
      'otpauth://totp/Ops%20Console:jane.doe%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ops%20Console&algorithm=SHA1&digits=6&period=30';
    const q = encodeQr(url);
    expect(q.size).toBe(q.version * 4 + 17);
    expect(decode(q)).toBe(url);
  });

  it.each([1, 17, 40, 100, 180, 300, 700])('round-trips %i bytes, including UTF-8', (len) => {
    const text = Array.from({ length: len }, (_, i) => 'aZ9:/?=&é '[i % 10]).join('');
    expect(decode(encodeQr(text))).toBe(text);
  });

  it('picks the smallest version: 14 bytes fit version 1, 15 do not', () => {
    expect(encodeQr('x'.repeat(14)).version).toBe(1);
    expect(encodeQr('x'.repeat(15)).version).toBe(2);
  });

  it('refuses text beyond version 40', () => {
    expect(() => encodeQr('x'.repeat(2332))).toThrow('too long');
  });

  it('renders an SVG data URL with a quiet zone', () => {
    const q = encodeQr('hello');
    expect(qrSvg(q)).toContain(`viewBox="0 0 ${q.size + 8} ${q.size + 8}"`);
    expect(qrDataUrl('hello')).toMatch(/^data:image\/svg\+xml;base64,/);
  });
});
