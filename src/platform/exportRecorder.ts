import { eventMetadata } from '@credit/command-api';
import { newEventId, type EventStore } from '@credit/events';
import type { ExportRecorder } from '@credit/query-api';

/** Exports are facts for the audit trail: who took which results out of the platform. */
export const exportRecorder =
  (store: EventStore): ExportRecorder =>
  async (user, meta, details) => {
    await store.append(`exports-${user.kind}-${user.id}`, [
      {
        id: newEventId(),
        type: 'ResultsExported',
        data: details,
        metadata: eventMetadata(meta, { id: String(user.id), role: user.kind, name: user.name }, details.institutionId),
      },
    ]);
  };
