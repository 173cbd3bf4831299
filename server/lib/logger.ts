import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Never log secrets, cookies, API keys or one-time codes.
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.otp", "*.token", "*.apiKey"],
      censor: "[redacted]",
    },
  });
}
