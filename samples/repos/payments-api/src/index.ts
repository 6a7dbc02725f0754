import { loadConfig } from "./config.js";
import { closePool } from "./db.js";
import { logger } from "./logger.js";
import { getRedis } from "./redis.js";
import { createApp } from "./server.js";

const config = loadConfig();

const server = createApp().listen(config.PORT, () => {
  logger.info({ port: config.PORT, env: config.NODE_ENV }, "payments-api listening");
});

function shutdown(signal: NodeJS.Signals): void {
  logger.info({ signal }, "shutting down");
  server.close(async () => {
    await closePool();
    getRedis().disconnect();
    process.exit(0);
  });
}

process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
