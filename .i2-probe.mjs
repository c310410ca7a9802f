import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ baseURL: base });
page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('response', (r) => { if (r.url().includes('/api/')) console.log('RESP', r.status(), r.request().method(), r.url().replace(base, '')); });
await page.goto('/login');
await page.getByLabel('Email').fill('admin@ops.local');
await page.getByLabel('Password', { exact: true }).fill('admin-pass-123');
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await page.waitForURL((u) => u.pathname !== '/login');
await page.goto(process.env.PAGE ?? '/settings/users');
const t0 = Date.now();
for (let i = 0; i < 12; i++) { const t = Date.now(); await page.evaluate(() => 1); console.log('eval ms', Date.now() - t); await page.waitForTimeout(500); }
if (process.env.CLICK) { await page.getByRole(process.env.ROLE ?? 'link', { name: process.env.CLICK }).click({ timeout: 5000 }).then(() => console.log('clicked'), (e) => console.log('CLICKFAIL', e.message.split('\n').slice(0, 12).join('\n'))); }
await page.screenshot({ path: '/tmp/i2/shot.png', fullPage: true });
console.log((await page.locator('main').innerText()).slice(0, 800));
await browser.close();
