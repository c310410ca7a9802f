import { ConfigError, loadConfig } from './config.js';
import { applyHeapGrowth } from './heap-growth.js';
import { browserUrl } from './browser-url.js';
import { startServer } from './server.js';
import { startupFailureMessage } from './startup-error.js';
import { readVersion } from './version.js';

/** Process entry: validate config, start, and shut down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, readVersion());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  applyHeapGrowth(config.OPS_HEAP_GROWTH_PERCENT);
  const server = await startServer(config);
  server.app.log.info(`Ops Console ${config.version} listening on ${server.url}; open ${browserUrl(server.url)} in a browser`);
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    server
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(startupFailureMessage(err, process.env.DATABASE_URL));
  process.exit(1);
});
