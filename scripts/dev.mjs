// `npm run dev`: the server from source with reload (tsx watch) and the Vite dev server, which proxies /api to it.
// The 'development' export condition makes @ops/shared resolve to its TypeScript source, so no build is needed.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'packages/server/src/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '8080', NODE_OPTIONS: '--conditions=development' } }),
  spawn('npx', ['vite', 'packages/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
