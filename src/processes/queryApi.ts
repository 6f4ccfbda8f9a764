import { runMain, runProcess } from '../platform/runProcess';

/** `npm run start:query-api`: the query API and the web app alone (any number side by side), on DATABASE_URL. */
runMain(() => runProcess({ commands: false, queries: true, projectors: false }, 'Query API', { needsDatabaseUrl: true }));
