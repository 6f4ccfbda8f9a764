/** Commands answer with the log position of their last event: `position` or `data.position`. */
export function positionOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const top = (body as { position?: unknown }).position;
  if (typeof top === 'number' && Number.isFinite(top)) return top;
  const data = (body as { data?: unknown }).data;
  if (typeof data === 'object' && data !== null) {
    const nested = (data as { position?: unknown }).position;
    if (typeof nested === 'number' && Number.isFinite(nested)) return nested;
  }
  return null;
}

/** The server's message from an error answer, when it gave one. */
export function messageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data === 'object' && data !== null) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  const text = (error as { error?: unknown }).error;
  return typeof text === 'string' && text !== '' ? text : null;
}
