import { store } from '../../app/store';

/** Fetches a file from the API with the session's token and saves it under `filename`. Throws on failure. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const { token, lastPosition } = store.getState().session;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lastPosition !== null) headers['X-Min-Position'] = String(lastPosition);
  const response = await fetch(`/api${path}`, { headers });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  saveBlob(await response.blob(), filename);
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A CSV text from rows (cells quoted when needed; formula-like cells neutralised). */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
    return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
