// Temporary dev helper (I2): peers + built server kept running for manual checks. Deleted before hand-off.
import { startMailPeer } from './src/mail-peer.js';
import { startOidcPeer } from './src/oidc-peer.js';
import { startBuiltServer } from './src/server-process.js';
const dir = '/tmp/i2/run';
const mail = await startMailPeer(`${dir}/mail`);
const oidc = await startOidcPeer();
const server = await startBuiltServer({ dataDir: dir, adminEmail: 'admin@ops.local', adminPassword: 'admin-pass-123', env: { ...mail.env, ...oidc.env, OPS_LOG_LEVEL: 'info' } });
await oidc.start(`${server.url}/api/auth/self-service/methods/oidc/callback/oidc`);
console.log('READY', server.url, server.pgUrl);
process.on('SIGTERM', async () => { await server.stop(); await mail.close(); await oidc.close(); process.exit(0); });
setInterval(() => {}, 1 << 30);
