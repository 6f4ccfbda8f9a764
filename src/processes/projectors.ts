import { runMain, runProcess } from '../platform/runProcess';

/**
 * `npm run start:projectors`: the projectors and background jobs, on DATABASE_URL. Run two or more:
 * each projection is run by one of them at a time (an advisory lock elects it) and another takes it
 * over within seconds when that process dies. Serves `/api/health` on PORT.
 */
runMain(() => runProcess({ commands: false, queries: false, projectors: true }, 'Projectors', { needsDatabaseUrl: true }));
