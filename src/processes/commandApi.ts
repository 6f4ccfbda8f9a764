import { runMain, runProcess } from '../platform/runProcess';

/** `npm run start:command-api`: the command API alone (any number side by side), on DATABASE_URL. */
runMain(() => runProcess({ commands: true, queries: false, projectors: false }, 'Command API', { needsDatabaseUrl: true }));
