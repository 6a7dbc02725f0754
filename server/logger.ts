// Structured JSON logs (pino). Whatever a log call is handed, credentials never reach the output: the
// Authorization and Cookie headers and anything named like a token are censored wherever they appear.
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";

export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "headers.cookie",
  "authorization",
  "adminToken",
  "token",
  "*.authorization",
  "*.adminToken",
  "*.token",
];

export interface LoggerSettings {
  level?: LoggerOptions["level"];
  /** Where lines go; stdout when absent. */
  destination?: DestinationStream;
}

export function createLogger(settings: LoggerSettings = {}): Logger {
  const options: LoggerOptions = {
    level: settings.level ?? "info",
    base: { service: "vouch-serve" },
    redact: { paths: REDACTED_PATHS, censor: "[REDACTED]" },
  };
  return settings.destination ? pino(options, settings.destination) : pino(options);
}
