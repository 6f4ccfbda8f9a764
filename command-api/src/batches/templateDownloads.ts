import type { Context } from 'koa';
import {
  ConcurrencyError,
  deterministicEventId,
  templateDownloadsStream,
  type AuthenticatedUser,
  type TemplateDownloadedData,
  type TemplateEvent,
} from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { metadataFor } from '../http/answer';

/**
 * Records an institution's first download of the template or the sample (the first-day checklist
 * ticks on it). Later downloads cost one read of a one-event stream and append nothing; an
 * administrator's download is no institution's.
 */
export async function recordTemplateDownload(
  deps: Pick<CommandDeps, 'store'>,
  ctx: Context,
  user: AuthenticatedUser,
  file: TemplateDownloadedData['file'],
  format: TemplateDownloadedData['format'],
): Promise<void> {
  if (user.isAdmin || user.institutionId === null) return;
  const institutionId = user.institutionId;
  const stream = templateDownloadsStream(institutionId);
  if ((await deps.store.readStream(stream, { maxCount: 1 })).length > 0) return;
  const event: TemplateEvent = { type: 'TemplateDownloaded', data: { institutionId, file, format } };
  try {
    await deps.store.append(
      stream,
      [{ ...event, id: deterministicEventId(`${stream}/0`), metadata: metadataFor(ctx, user, institutionId) }],
      {
        expectedRevision: 'no_stream',
      },
    );
  } catch (error) {
    // Two first downloads at once: the other one is the record.
    if (!(error instanceof ConcurrencyError)) throw error;
  }
}
