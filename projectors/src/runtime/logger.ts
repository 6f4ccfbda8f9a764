/** The slice of a pino logger the runtime uses, so tests can pass a silent one. */
export type Logger = {
  info: (fields: object, message?: string) => void;
  warn: (fields: object, message?: string) => void;
  error: (fields: object, message?: string) => void;
};

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
