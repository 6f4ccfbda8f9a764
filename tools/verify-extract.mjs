#!/usr/bin/env node
// Checks an extract of the platform's event log offline: plain Node (20 or later), no dependencies, no
// platform code. Usage:
//
//   node verify-extract.mjs <extract.jsonl> [--anchor <position>=<hash>]... [--strict]
//
// An extract (GET /api/admin/compliance/extract) is JSON Lines: a header, then one line per event
// with every stored field, the stored hash of the event before it in the log (`previousHash`) and
// its own stored hash. The log chains its events with SHA-256:
//
//   hash = sha256_hex(previousHash + "\n" + [position, eventId, streamId, revision, type,
//                     schemaVersion, data, metadata, recordedAt].join("\u001f"))   (UTF-8)
//
// where data and metadata are the JSON texts exactly as stored (strings in the extract) and the
// first event's previousHash is 64 zeros. This script recomputes each event's hash from its content
// and checks that the lines form what the scope promises:
// - a position range: every position from `from` to `to`, each linked to the one before it, the
//   first to the header's previousHash: one unbroken piece of the chain;
// - a stream: the stream's events in log order, revisions 0, 1, 2... with none missing; each event
//   is checked alone against its own previousHash (a stream's events are not neighbours in the log).
// Events whose payload the platform withholds (password material) cannot be recomputed: their hash
// is taken as stated and the chain links across them; they are counted, and --strict refuses them.
//
// What it proves: that every checked line is exactly the content its hash commits to, and that the
// hashes link as stated. SHA-256 has no key, so anyone could build a consistent extract of invented
// events: the extract is the platform's own when a hash in it equals the hash the platform reports for
// that position (the head of a recorded verification, the compliance page, another extract). Pass it
// as --anchor <position>=<hash>; the check then fails unless the extract holds that very hash there.
//
// Exit status: 0 the extract checks out, 1 it does not (the message names the first line at fault),
// 2 the command line or the file could not be read.

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const FORMAT = 'credit-intelligence-platform/log-extract';
const GENESIS = '0'.repeat(64);
const HEX64 = /^[0-9a-f]{64}$/;

function usage(message) {
  process.stderr.write(`${message}\nUsage: node verify-extract.mjs <extract.jsonl> [--anchor <position>=<hash>]... [--strict]\n`);
  process.exit(2);
}

function parseArguments(argv) {
  const options = { file: null, anchors: new Map(), strict: false };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--strict') options.strict = true;
    else if (argument === '--anchor') {
      const match = /^(\d+)=([0-9a-f]{64})$/.exec(argv[++index] ?? '');
      if (!match) usage('--anchor needs <position>=<64 hex digits>');
      options.anchors.set(Number(match[1]), match[2]);
    } else if (argument.startsWith('--')) usage(`Unknown option ${argument}`);
    else if (options.file === null) options.file = argument;
    else usage('One extract at a time');
  }
  if (options.file === null) usage('Which extract?');
  return options;
}

/** The store's hash function (events/src/postgres/hashChain.ts), byte for byte. */
function chainHash(previousHash, event) {
  return createHash('sha256')
    .update(previousHash)
    .update('\n')
    .update(
      [
        event.position,
        event.eventId,
        event.streamId,
        event.revision,
        event.type,
        event.schemaVersion,
        event.data,
        event.metadata,
        event.recordedAt,
      ].join('\u001f'),
    )
    .digest('hex');
}

class Rejected extends Error {}

const isWhole = (value) => Number.isSafeInteger(value) && value >= 0;

/** The shape every event line must have; anything else is refused before any hashing. */
function checkShape(event, where) {
  const fail = (what) => {
    throw new Rejected(`${where}: ${what}`);
  };
  if (typeof event !== 'object' || event === null || Array.isArray(event)) fail('not a JSON object');
  if (!isWhole(event.position) || event.position < 1) fail('position is not a whole number from 1');
  for (const key of ['eventId', 'streamId', 'type', 'metadata', 'recordedAt'])
    if (typeof event[key] !== 'string') fail(`${key} is not text`);
  if (!isWhole(event.revision)) fail('revision is not a whole number');
  if (!isWhole(event.schemaVersion)) fail('schemaVersion is not a whole number');
  if (typeof event.previousHash !== 'string' || !HEX64.test(event.previousHash)) fail('previousHash is not a SHA-256 in hex');
  if (typeof event.hash !== 'string' || !HEX64.test(event.hash)) fail('hash is not a SHA-256 in hex');
  const withheld = event.withheld ?? null;
  if (withheld !== null && (typeof withheld !== 'string' || event.data !== null)) fail('a withheld event must have data null and say why');
  if (withheld === null && typeof event.data !== 'string') fail('data is not text');
  if (event.position === 1 && event.previousHash !== GENESIS) fail('the first event of the log must follow the genesis hash (64 zeros)');
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const input = createReadStream(options.file);
  input.on('error', (error) => {
    process.stderr.write(`Cannot read ${options.file}: ${error.message}\n`);
    process.exit(2);
  });
  const lines = createInterface({ input, crlfDelay: Infinity });

  let header = null;
  let lineNumber = 0;
  let checked = 0;
  let withheld = 0;
  let previous = null;
  const anchorsMet = new Set();

  for await (const text of lines) {
    lineNumber += 1;
    if (text === '' && lineNumber > 1) throw new Rejected(`line ${lineNumber}: empty line`);
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Rejected(`line ${lineNumber}: not JSON`);
    }
    if (header === null) {
      header = value;
      if (header?.format !== FORMAT || header.version !== 1) throw new Rejected('line 1: not a version 1 log extract header');
      const scope = header.scope ?? {};
      const isStream = typeof scope.stream === 'string';
      const isRange = isWhole(scope.from) && isWhole(scope.to) && scope.from >= 1 && scope.to >= scope.from;
      if (isStream === isRange) throw new Rejected('line 1: the scope is neither one stream nor a range of positions');
      if (!isWhole(header.events)) throw new Rejected('line 1: no event count');
      if (isRange) {
        if (typeof header.previousHash !== 'string' || !HEX64.test(header.previousHash))
          throw new Rejected('line 1: a range extract must give the hash before the range');
        if (header.events !== scope.to - scope.from + 1) throw new Rejected('line 1: the event count does not fit the range');
        const before = options.anchors.get(scope.from - 1);
        if (before !== undefined) {
          if (before !== header.previousHash)
            throw new Rejected(`line 1: the hash before the range is not the anchor given for position ${scope.from - 1}`);
          anchorsMet.add(scope.from - 1);
        }
      }
      continue;
    }

    const where = `line ${lineNumber} (position ${value?.position})`;
    checkShape(value, where);
    const event = value;
    const { scope } = header;
    if ('stream' in scope) {
      if (event.streamId !== scope.stream) throw new Rejected(`${where}: an event of stream ${event.streamId}, not ${scope.stream}`);
      const expectedRevision = previous === null ? 0 : previous.revision + 1;
      if (event.revision !== expectedRevision)
        throw new Rejected(
          `${where}: revision ${event.revision} where ${expectedRevision} was due (an event of the stream is missing or out of place)`,
        );
      if (previous !== null && event.position <= previous.position) throw new Rejected(`${where}: not after the previous event in the log`);
      if (previous !== null && event.position === previous.position + 1 && event.previousHash !== previous.hash)
        throw new Rejected(`${where}: does not link to the event before it (position ${previous.position})`);
    } else {
      const expectedPosition = previous === null ? scope.from : previous.position + 1;
      if (event.position !== expectedPosition) throw new Rejected(`${where}: position ${expectedPosition} was due`);
      const link = previous === null ? header.previousHash : previous.hash;
      if (event.previousHash !== link) throw new Rejected(`${where}: does not link to the hash before it`);
    }

    if (event.withheld != null) {
      if (options.strict) throw new Rejected(`${where}: its payload is withheld (${event.withheld}) and --strict was given`);
      withheld += 1;
    } else {
      if (chainHash(event.previousHash, event) !== event.hash)
        throw new Rejected(`${where}: its content does not give its hash (the event was altered, or its hash was)`);
      checked += 1;
    }
    const anchor = options.anchors.get(event.position);
    if (anchor !== undefined) {
      if (anchor !== event.hash) throw new Rejected(`${where}: its hash is not the anchor given for position ${event.position}`);
      anchorsMet.add(event.position);
    }
    previous = { position: event.position, revision: event.revision, hash: event.hash };
  }

  if (header === null) throw new Rejected('the file is empty');
  const lineCount = checked + withheld;
  if (lineCount !== header.events)
    throw new Rejected(`the header announces ${header.events} events but the file holds ${lineCount} (cut short?)`);
  const missed = [...options.anchors.keys()].filter((position) => !anchorsMet.has(position));
  if (missed.length > 0)
    throw new Rejected(`no event at anchored position${missed.length > 1 ? 's' : ''} ${missed.join(', ')} in this extract`);

  const what = 'stream' in header.scope ? `stream ${header.scope.stream}` : `positions ${header.scope.from} to ${header.scope.to}`;
  process.stdout.write(`OK: ${lineCount} events of ${what}; ${checked} recomputed and matching`);
  if (withheld > 0)
    process.stdout.write(`, ${withheld} withheld (payload not in the extract: hash taken as stated, the chain links across it)`);
  process.stdout.write('.\n');
  if (previous !== null) process.stdout.write(`Last event: position ${previous.position}, hash ${previous.hash}\n`);
  if (options.anchors.size > 0)
    process.stdout.write(`Anchored: the extract holds the given hash at position ${[...anchorsMet].join(', ')}.\n`);
  else
    process.stdout.write(
      'Not anchored: compare a hash above with the one the platform reports for that position (or pass --anchor) to prove these are its events.\n',
    );
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof Rejected) {
      process.stdout.write(`REJECTED: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(2);
  },
);
