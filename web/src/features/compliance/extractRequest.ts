export type ExtractScope = 'stream' | 'range';
export type ExtractForm = { scope: ExtractScope; stream: string; from: string; to: string };

/** The download's path and file name for the form, or the key of what is wrong with it. */
export function extractRequest(form: ExtractForm): { path: string; filename: string } | { error: string } {
  if (form.scope === 'stream') {
    const stream = form.stream.trim();
    if (stream === '') return { error: 'streamRequired' };
    return {
      path: `/admin/compliance/extract?stream=${encodeURIComponent(stream)}`,
      filename: `log-extract-stream-${stream.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80)}.jsonl`,
    };
  }
  const [from, to] = [form.from.trim(), form.to.trim()];
  if (from === '' && to === '') return { error: 'rangeRequired' };
  if ([from, to].some((value) => value !== '' && !/^[1-9]\d*$/.test(value))) return { error: 'positionInvalid' };
  if (from !== '' && to !== '' && Number(from) > Number(to)) return { error: 'rangeOrder' };
  const params = new URLSearchParams();
  if (from !== '') params.set('from', from);
  if (to !== '') params.set('to', to);
  return { path: `/admin/compliance/extract?${params.toString()}`, filename: `log-extract-${from || 1}-${to || 'head'}.jsonl` };
}
