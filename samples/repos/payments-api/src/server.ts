import express, { type ErrorRequestHandler } from "express";
import { getPool } from "./db.js";
import { logger } from "./logger.js";
import { paymentsRouter } from "./routes/payments.js";

export function createApp(): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(express.json({ limit: "100kb" }));

  app.get("/healthz", async (_req, res) => {
    try {
      await getPool().query("SELECT 1");
      res.json({ ok: true });
    } catch (err) {
      logger.warn({ err }, "health check failed");
      res.status(503).json({ ok: false });
    }
  });

  app.use("/v1/payments", paymentsRouter);

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    logger.error({ err, path: req.path }, "unhandled error");
    res.status(500).json({ error: "internal_error" });
  };
  app.use(onError);

  return app;
}
