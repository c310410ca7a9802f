// Reads back a QR code drawn by `qrcode` as an SVG data URL, the way a phone's camera would: the SVG
// is rasterised as drawn and decoded by an independent decoder (jsqr).
import jsqrModule from 'jsqr';

// jsqr is CommonJS with an ES default export: under NodeNext the function sits on `.default`.
const jsQR = jsqrModule.default;

/** The text of the QR code in an SVG data URL (its dark runs are `M x y.5 hN m dx dy` strokes), or undefined. */
export function scanQrSvg(dataUrl: string): string | undefined {
  const svg = Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();
  const dim = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)![1]!;
  const scale = 3;
  const px = new Uint8ClampedArray(dim * scale * dim * scale * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([MmHhVv])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    const n = Number(a);
    if (cmd === 'M') [x, y] = [n, Number(b)];
    else if (cmd === 'm') [x, y] = [x + n, y + Number(b)];
    else if (cmd === 'h') {
      for (let c = x; c < x + n; c++)
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const o = ((Math.floor(y) * scale + dy) * dim * scale + c * scale + dx) * 4;
            px[o] = px[o + 1] = px[o + 2] = 0;
          }
      x += n;
    } else throw new Error(`unexpected path command ${cmd}`);
  }
  return jsQR(px, dim * scale, dim * scale)?.data;
}
