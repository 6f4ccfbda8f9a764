import { Pool } from 'pg';
import { chainHash } from './hashChain';
import { GENESIS_HASH } from './migrations';

export type ChainVerdict = { ok: true; position: number; hash: string | null } | { ok: false; brokenAt: number; reason: string };

type RawRow = {
  position: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  recorded_at: string;
  hash: string;
};

/** Recomputes the SHA-256 chain over the whole log and reports the first position that does not match. */
export async function verifyChain(connectionString: string, batchSize = 5000): Promise<ChainVerdict> {
  const pool = new Pool({ connectionString, max: 1 });
  try {
    const head = (await pool.query<{ position: string; hash: string }>('SELECT position, hash FROM event_log_head WHERE id = 1')).rows[0];
    let previousHash = GENESIS_HASH;
    let expected = 1;
    for (;;) {
      const { rows } = await pool.query<RawRow>(
        `SELECT position, event_id, stream_id, stream_revision, type, schema_version, data::text AS data,
                metadata::text AS metadata, recorded_at, hash
           FROM events WHERE position >= $1 ORDER BY position LIMIT $2`,
        [expected, batchSize],
      );
      for (const row of rows) {
        const position = Number(row.position);
        if (position !== expected) return { ok: false, brokenAt: expected, reason: `event at position ${expected} is missing` };
        const hash = chainHash(previousHash, {
          position,
          eventId: row.event_id,
          streamId: row.stream_id,
          revision: Number(row.stream_revision),
          type: row.type,
          schemaVersion: row.schema_version,
          dataJson: row.data,
          metadataJson: row.metadata,
          recordedAt: row.recorded_at,
        });
        if (hash !== row.hash) return { ok: false, brokenAt: position, reason: 'stored hash does not match the recomputed one' };
        previousHash = hash;
        expected += 1;
      }
      if (rows.length < batchSize) break;
    }
    const last = expected - 1;
    if (last !== Number(head.position))
      return { ok: false, brokenAt: last + 1, reason: `the log head says ${head.position} but the log ends at ${last}` };
    if (last > 0 && head.hash !== previousHash)
      return { ok: false, brokenAt: last, reason: 'the log head hash does not match the last event' };
    return { ok: true, position: last, hash: last === 0 ? null : previousHash };
  } finally {
    await pool.end();
  }
}
