import { encodeQr, type QrCode } from './qr-code.js';

const QUIET = 4;

/** An SVG of a QR code (black modules on white, with the 4-module quiet zone scanners need). */
export function qrSvg(code: QrCode): string {
  const dim = code.size + QUIET * 2;
  let path = '';
  code.modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET},${y + QUIET}h1v1h-1z`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${dim} ${dim}" shape-rendering="crispEdges"><rect width="${dim}" height="${dim}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** A `data:image/svg+xml;base64,…` URL of the QR code of `text`, for an img node's src. */
export function qrDataUrl(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(qrSvg(encodeQr(text))).toString('base64')}`;
}
