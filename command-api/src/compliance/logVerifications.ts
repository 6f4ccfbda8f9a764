import { randomUUID } from 'node:crypto';
import {
  COMPLIANCE_STREAM,
  logVerified,
  newEventId,
  type ChainedLog,
  type EventMetadata,
  type EventStore,
  type LogVerifiedData,
} from '@credit/events';

export type VerificationState = 'running' | 'done' | 'failed';

/** A verification as the console follows it: progress while it runs, then its outcome and the event recording it. */
export type Verification = {
  id: string;
  state: VerificationState;
  startedAt: string;
  startedBy: string;
  finishedAt: string | null;
  /** Events hashed so far, of `total` (the head when it began). */
  checked: number;
  total: number;
  outcome: LogVerifiedData | null;
  /** The position of the `LogVerified` event once recorded. */
  recordedAt: number | null;
  error: string | null;
};

const KEPT_FINISHED = 20;

/**
 * Verifications run in the background of the process that started them, one at a time: asking again
 * while one runs joins it. Each ends by recording `LogVerified` (its outcome, intact or broken, with
 * the starter as the actor); one that could not run at all (the database gone) records nothing and
 * says why. The last few finished ones are kept for their pollers.
 */
export class LogVerifications {
  private readonly verifications = new Map<string, Verification>();
  private running: { verification: Verification; finished: Promise<void> } | null = null;

  constructor(
    private readonly log: ChainedLog,
    private readonly store: EventStore,
  ) {}

  /** Starts a verification (or joins the running one); `joined` says which. */
  start(metadata: EventMetadata): { verification: Verification; joined: boolean; finished: Promise<void> } {
    if (this.running) return { ...this.running, joined: true };
    const verification: Verification = {
      id: randomUUID(),
      state: 'running',
      startedAt: new Date().toISOString(),
      startedBy: metadata.actor.name,
      finishedAt: null,
      checked: 0,
      total: 0,
      outcome: null,
      recordedAt: null,
      error: null,
    };
    this.verifications.set(verification.id, verification);
    const finished = this.run(verification, metadata).finally(() => {
      this.running = null;
      verification.finishedAt = new Date().toISOString();
      this.forgetOldest();
    });
    this.running = { verification, finished };
    return { verification, joined: false, finished };
  }

  get(id: string): Verification | undefined {
    return this.verifications.get(id);
  }

  private async run(verification: Verification, metadata: EventMetadata): Promise<void> {
    const started = performance.now();
    try {
      const verdict = await this.log.verify({
        onProgress: ({ checked, total }) => Object.assign(verification, { checked, total }),
      });
      const durationMs = Math.round(performance.now() - started);
      const outcome: LogVerifiedData = verdict.ok
        ? { outcome: 'intact', headPosition: verdict.position, headHash: verdict.hash, checked: verdict.position, durationMs }
        : {
            outcome: 'broken',
            headPosition: verdict.head.position,
            headHash: verdict.head.position === 0 ? null : verdict.head.hash,
            brokenAt: verdict.brokenAt,
            reason: verdict.reason,
            checked: verdict.brokenAt - 1,
            durationMs,
          };
      // Appending to a broken log is fine: an append reads only the head row, never the damaged events,
      // and chains from its hash, so the damage stays where it is and the next verification finds it again.
      const result = await this.store.append(COMPLIANCE_STREAM, [
        { id: newEventId(), type: logVerified.type, data: outcome, metadata: { ...metadata, occurredAt: new Date().toISOString() } },
      ]);
      Object.assign(verification, { state: 'done', outcome, recordedAt: result.position });
    } catch (error) {
      Object.assign(verification, { state: 'failed', error: `The verification could not run: ${(error as Error).message}` });
    }
  }

  private forgetOldest(): void {
    const finished = [...this.verifications.values()].filter((verification) => verification.state !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_FINISHED))) this.verifications.delete(old.id);
  }
}
