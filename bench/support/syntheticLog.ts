import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { GENESIS_HASH } from '@credit/events';
import { chainHash } from '@credit/events/src/postgres/hashChain';

const ROWS_PER_CHUNK = 2_000;

/** COPY's text format: a backslash, tab, newline or carriage return in a value is escaped. */
const copyText = (value: string) =>
  /[\\\t\n\r]/.test(value) ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : value;

/**
 * Appends `count` synthetic events to an empty log, chained exactly as the store chains them, with one
 * COPY instead of appends (a million appends would take minutes). Payloads look like the platform's
 * own: an actor's metadata of about 300 bytes and a small payload, with quotes and an accented name so
 * escapes are hashed too. Returns the head it leaves and the bytes of JSON stored.
 */
export async function fillSyntheticLog(url: string, count: number): Promise<{ position: number; hash: string; jsonBytes: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  let previousHash = GENESIS_HASH;
  let jsonBytes = 0;
  const recordedAt = new Date().toISOString();
  try {
    await client.query('BEGIN');
    // Loaded as a bulk load is: into a table emptied in this transaction (COPY FREEZE writes the rows
    // frozen, so no later scan rewrites them), its indexes built once at the end.
    await client.query(`ALTER TABLE events DROP CONSTRAINT events_pkey, DROP CONSTRAINT events_event_id_key,
                          DROP CONSTRAINT events_stream_id_stream_revision_key;
                        DROP INDEX events_type_position;
                        TRUNCATE events`);
    function* lines() {
      for (let first = 1; first <= count; first += ROWS_PER_CHUNK) {
        let text = '';
        for (let position = first; position < Math.min(first + ROWS_PER_CHUNK, count + 1); position++) {
          const institutionId = position % 97;
          const streamId = `institution-${institutionId}`;
          const event = {
            position,
            eventId: randomUUID(),
            streamId,
            revision: Math.floor(position / 97),
            type: position % 3 === 0 ? 'InstitutionDetailsChanged' : 'UserSignedIn',
            schemaVersion: 1,
            dataJson: JSON.stringify({
              institutionId,
              name: `Banque «${institutionId}» "Crédit" n°${position}`,
              email: `ops-${institutionId}@bank.test`,
            }),
            metadataJson: JSON.stringify({
              actor: { id: String(institutionId), role: 'institution', name: `Banque ${institutionId}` },
              institutionId,
              ip: '203.0.113.7',
              userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: recordedAt,
            }),
            recordedAt,
          };
          const hash = chainHash(previousHash, event);
          previousHash = hash;
          jsonBytes += event.dataJson.length + event.metadataJson.length;
          text += `${[
            position,
            event.eventId,
            streamId,
            event.revision,
            event.type,
            1,
            copyText(event.dataJson),
            copyText(event.metadataJson),
            recordedAt,
            hash,
          ].join('\t')}\n`;
        }
        yield text;
      }
    }
    await pipeline(
      Readable.from(lines()),
      client.query(
        copyFrom(
          'COPY events (position, event_id, stream_id, stream_revision, type, schema_version, data, metadata, recorded_at, hash) FROM STDIN (FREEZE)',
        ),
      ),
    );
    await client.query(`ALTER TABLE events ADD PRIMARY KEY (position), ADD UNIQUE (event_id), ADD UNIQUE (stream_id, stream_revision);
                        CREATE INDEX events_type_position ON events (type, position)`);
    await client.query('UPDATE event_log_head SET position = $1, hash = $2 WHERE id = 1', [count, previousHash]);
    await client.query('COMMIT');
    await client.query('ANALYZE events');
  } finally {
    await client.end();
  }
  return { position: count, hash: previousHash, jsonBytes };
}
