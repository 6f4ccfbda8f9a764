import type Router from '@koa/router';
import { assertAdmin, ConflictError, NotFoundError } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { answer, metadataFor } from '../http/answer';
import { LogVerifications, type Verification } from './logVerifications';

/** A verification of a small log answers at once; a longer one is followed with `GET …/verify/:id`. */
const ANSWER_WITHIN_MS = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const messageOf = (verification: Verification) =>
  verification.state === 'running'
    ? `Verification running: ${verification.checked} of ${verification.total} events checked`
    : verification.state === 'failed'
      ? (verification.error ?? 'The verification could not run')
      : verification.outcome?.outcome === 'intact'
        ? `Event log intact up to position ${verification.outcome.headPosition}`
        : `Event log BROKEN at position ${verification.outcome?.outcome === 'broken' ? verification.outcome.brokenAt : '?'}`;

/**
 * Verify now (README, "Verifying the log"): `POST /admin/compliance/verify` recomputes the whole
 * SHA-256 chain on the server and records the outcome as `LogVerified`; it answers 200 with the
 * outcome when the check ends within two seconds, else 202 with the running verification, whose
 * progress `GET /admin/compliance/verify/:id` gives until it is done. Platform accounts only
 * (`assertAdmin`); auditors are platform accounts, and the compliance console's POSTs are on their
 * allowed list, since a verification changes nothing but records its outcome.
 */
export function verifyRoutes(router: Router, deps: CommandDeps): void {
  const verifications = deps.chainedLog ? new LogVerifications(deps.chainedLog, deps.store) : null;
  const available = () => {
    if (!verifications)
      throw new ConflictError('This platform keeps its event log in KurrentDB, which has no hash chain of ours to verify');
    return verifications;
  };

  router.post('/admin/compliance/verify', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const { verification, joined, finished } = available().start(metadataFor(ctx, user, null));
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, ANSWER_WITHIN_MS).unref())]);
    ctx.status = verification.state === 'running' ? 202 : 200;
    const recorded = verification.recordedAt === null ? null : { position: verification.recordedAt, revision: 0, appended: true };
    answer(
      ctx,
      joined && verification.state === 'running' ? `Already running. ${messageOf(verification)}` : messageOf(verification),
      verification,
      recorded,
    );
  });

  router.get('/admin/compliance/verify/:id', async (ctx) => {
    assertAdmin(ctx.state.user);
    const id = String(ctx.params.id).toLowerCase();
    const verification = UUID.test(id) ? available().get(id) : undefined;
    if (!verification) throw new NotFoundError('No such verification (they are kept by the process that ran them, the last 20)');
    const recorded = verification.recordedAt === null ? null : { position: verification.recordedAt, revision: 0, appended: true };
    answer(ctx, messageOf(verification), verification, recorded);
  });
}
