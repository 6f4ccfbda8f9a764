import pino from 'pino';

export type AppLogger = pino.Logger;

/** Structured JSON logs; secrets are redacted wherever they might be logged by mistake. */
export function createLogger(level: string): AppLogger {
  return pino({
    level,
    base: { service: 'credit-platform' },
    redact: { paths: ['password', '*.password', '*.newPassword', '*.code', 'req.headers.authorization'], censor: '[redacted]' },
  });
}
