import type { Migration } from '@credit/events';
import { checkpointMigrations } from './checkpoints';
import { projectionFailureMigrations } from './projectionFailures';
import type { Projection } from './projection';

/** The runtime's own migrations followed by every projection's, in name order. */
export function projectorMigrations(projections: readonly Projection[]): Migration[] {
  const all = [...checkpointMigrations, ...projectionFailureMigrations, ...projections.flatMap((projection) => projection.migrations)];
  return all.sort((a, b) => a.name.localeCompare(b.name));
}
