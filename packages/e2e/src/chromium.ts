// Debian's Chromium, never a downloaded browser, so runs need no network. OPS_CHROMIUM overrides the path.
export const CHROMIUM_PATH = process.env.OPS_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that keep Chromium quiet and headless on a small CI machine with no network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
