import { ALL_ROLES } from './platform/platform';
import { runMain, runProcess } from './platform/runProcess';

/** `npm start`: the whole platform in one process, on the embedded PostgreSQL unless DATABASE_URL is set. */
runMain(() => runProcess(ALL_ROLES, 'Credit platform', { needsDatabaseUrl: false }));
