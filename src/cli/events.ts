import { verifyChain } from '@credit/events';
import { readConfig } from '../platform/config';
import { openDatabase } from '../platform/database';
import { runCli } from './runCli';

/** `npm run events -- verify`: recomputes the hash chain; exit 0 with the head hash, or 1 with the first broken position. */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command !== 'verify') {
    process.stderr.write('Usage: npm run events -- verify\n');
    return 2;
  }
  const database = await openDatabase(readConfig());
  try {
    const verdict = await verifyChain(database.url);
    if (verdict.ok) {
      process.stdout.write(`Event log intact: ${verdict.position} events, head hash ${verdict.hash ?? '(empty log)'}\n`);
      return 0;
    }
    process.stdout.write(`Event log BROKEN at position ${verdict.brokenAt}: ${verdict.reason}\n`);
    return 1;
  } finally {
    await database.stop();
  }
}

runCli(main);
