import { expect, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { openUserMenu } from '../shell/shell.js';

const PERIOD = 30;

/**
 * TOTP codes as an authenticator app makes them (otplib), never reusing a time step: the server
 * refuses a step at or before the last one used, and accepts ±1 step around now. Waits when needed.
 */
export class Authenticator {
  private lastStep = -1;
  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    let step = Math.max(Math.floor(Date.now() / 1000 / PERIOD) - 1, this.lastStep + 1);
    // The step must be within the server's window (now ± 1 step): wait until it is.
    while (step > Math.floor(Date.now() / 1000 / PERIOD) + 1) await new Promise((r) => setTimeout(r, 1_000));
    step = Math.max(step, Math.floor(Date.now() / 1000 / PERIOD) - 1);
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: step * PERIOD + 1, period: PERIOD });
  }
}

/** A virtual FIDO2 authenticator in this context's Chromium (CDP WebAuthn domain) that always says yes. */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Sign out with the button on screen: the profile page's 'Sign out', else the shell's user menu. */
export async function signOut(page: Page): Promise<void> {
  if (new URL(page.url()).pathname === '/profile-settings') {
    await page.getByRole('button', { name: 'Sign out' }).click();
  } else {
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
}

/** Fill email and password on /login and press Sign in (the caller checks where it leads). */
export async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A profile-settings section by its heading (each is a region named by its title). */
export function section(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}
