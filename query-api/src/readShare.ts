import type { Knex } from 'knex';
import { clientRecordsUploaded } from '@credit/events';
import { readCheckpoints } from '@credit/projectors/src/readModels';
import type { QueryDeps } from './queryDeps';

/**
 * How many requests each caller (an institution, a platform account) runs at once, and how many more
 * wait: fewer than the query connections, so one institution's slow reads leave some to the others.
 */
export type ReadShare = {
  running: number;
  /** Each caller's running requests instead while uploaded records wait to be scored (scoringUnderway). */
  whileScoring: number;
  waiting: number;
};

/** How old the answer may be: an upload's scoring lasts seconds, a check costs two index look-ups. */
const CHECKED_EVERY_MS = 250;
/** Older than this (no request asked meanwhile), the answer is no longer taken: false until the next check has answered. */
const FORGOTTEN_AFTER_MS = 1_000;

/**
 * Whether uploaded records are waiting to be scored: the scoring projection's checkpoint is behind
 * the log's last chunk of records. Read from the database, so every query process sees the scoring
 * whichever process runs it. The answer is kept CHECKED_EVERY_MS and refreshed in the background
 * when asked: asking never waits for it. It is false until a check has answered, after a failed one,
 * and when the last check is over FORGOTTEN_AFTER_MS old (the first request after a quiet spell).
 */
export function scoringUnderway(knex: Knex, lastPositionOf: QueryDeps['lastPositionOf']): () => boolean {
  let underway = false;
  let checkedAt = -Infinity;
  let checking = false;
  const check = async () => {
    try {
      const [records, checkpoints] = await Promise.all([lastPositionOf([clientRecordsUploaded.type]), readCheckpoints(knex, ['scoring'])]);
      underway = records > (checkpoints.get('scoring') ?? 0);
    } catch {
      underway = false;
    } finally {
      checkedAt = Date.now();
      checking = false;
    }
  };
  return () => {
    if (!checking && Date.now() - checkedAt >= CHECKED_EVERY_MS) {
      checking = true;
      void check();
    }
    return underway && Date.now() - checkedAt < FORGOTTEN_AFTER_MS;
  };
}

/**
 * Each caller's places now: fewer while records are being scored, so that 20 readers of one
 * institution leave an upload of another its share of the cores (README, "Bounded reads").
 */
export function readPlaces(share: ReadShare, knex: Knex, lastPositionOf: QueryDeps['lastPositionOf']): () => number {
  const { running, whileScoring } = share;
  const underway = scoringUnderway(knex, lastPositionOf);
  return () => (underway() ? whileScoring : running);
}
