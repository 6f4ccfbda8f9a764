/** Every JSON answer of the API: `{ success, message, data }`, plus the log position a command reached. */
export type Envelope<T = unknown> = { success: boolean; message: string; data?: T; position?: number };

export const ok = <T>(message: string, data?: T, position?: number): Envelope<T> =>
  position === undefined ? { success: true, message, data } : { success: true, message, data, position };

export const failure = (message: string, data?: unknown): Envelope =>
  data === undefined ? { success: false, message } : { success: false, message, data };

/** What the HTTP edge knows about a request, carried into event metadata. */
export type RequestMeta = { requestId: string; ip: string | null; userAgent: string | null };

export const MIN_POSITION_HEADER = 'x-min-position';
export const POSITION_HEADER = 'x-position';
