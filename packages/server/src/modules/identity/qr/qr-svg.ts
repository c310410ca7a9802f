// The TOTP enrolment image: the `qrcode` package encodes and renders the SVG (level M, 4-module quiet zone).
import QRCode from 'qrcode';

/** A `data:image/svg+xml;base64,…` URL of the QR code of `text`, for an img node's src. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
