import { auditProjection } from './audit/auditProjection';
import { identityProjection } from './identity/identityProjection';
import type { Projection } from './runtime/projection';

/** Every projection the platform runs, each the single active instance of its name. */
export const allProjections = (): Projection[] => [identityProjection(), auditProjection()];
