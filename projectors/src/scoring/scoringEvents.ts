import {
  batchRowsRejected,
  batchUploadCompleted,
  batchUploadFailed,
  batchUploadStarted,
  clientRecordsUploaded,
  isEventOf,
  type BatchEvent,
  type ClientRecordsUploaded,
  type Recorded,
  type ResultsExported,
} from '@credit/events';

/** The batch events the scoring projection reads: every one but the export record. */
const scoringEvents = [clientRecordsUploaded, batchUploadStarted, batchRowsRejected, batchUploadCompleted, batchUploadFailed];

export type ScoringEvent = Recorded<Exclude<BatchEvent, ResultsExported>>;
export type RecordsUploaded = Recorded<ClientRecordsUploaded>;

export const SCORING_EVENT_TYPES: readonly ScoringEvent['type'][] = scoringEvents.map((definition) => definition.type);
export const isScoringEvent = isEventOf(scoringEvents);
