import { z } from 'zod';
import { defineEvent, type DataOf, type EventOf } from '../catalogue';

/** The compliance console's own stream: one event per verification of the log. */
export const COMPLIANCE_STREAM = 'compliance-log';

const position = z.number().int().nonnegative();
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The outcome of recomputing the whole SHA-256 chain of the log, as it stood when the check began
 * (`headPosition`, `headHash`: what the log's head row said). `intact`: every event up to the head
 * matched; `broken`: `brokenAt` is the first position that did not (missing, or its stored hash is
 * not the recomputed one), and `reason` says how. `checked` events were hashed in `durationMs`.
 *
 * Recording this on a broken log is deliberate and harmless: an append chains from the head row's
 * hash and reads no earlier event, so it is never blocked by the damage, and it cannot hide it — the
 * tampered event still fails to match its stored hash, so the next verification reports the same
 * first broken position (or, if the head row itself was forged, this very event, chained onto it).
 */
export const logVerified = defineEvent(
  'LogVerified',
  z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('intact'),
      headPosition: position,
      headHash: sha256Hex.nullable(),
      checked: position,
      durationMs: z.number().int().nonnegative(),
    }),
    // What a damaged head row says is recorded as it is: a forged head must not stop the outcome being recorded.
    z.object({
      outcome: z.literal('broken'),
      headPosition: z.number(),
      headHash: z.string().max(64).nullable(),
      brokenAt: z.number().int().positive(),
      reason: z.string().min(1),
      checked: position,
      durationMs: z.number().int().nonnegative(),
    }),
  ]),
);

export const complianceEvents = [logVerified];

export type LogVerifiedData = DataOf<typeof logVerified>;
export type LogVerified = EventOf<typeof logVerified>;

/** Every event of the compliance stream: a switch on `type` narrows `data`. */
export type ComplianceEvent = EventOf<(typeof complianceEvents)[number]>;

/**
 * Event types whose payload an extract of the log leaves out (`data` null, `withheld` saying why):
 * they carry password material (argon2id hashes of passwords, the hash of a six-digit reset code).
 * Their hash and previous hash stay in the extract, so the chain still links across them, but their
 * own hash cannot be recomputed offline: the offline check counts them as withheld, not as checked.
 * Masked variables' values (in `ClientRecordsUploaded`) stay: they are the record a batch was scored
 * from, which is what an extract exists to prove, and an extract goes to administrators and auditors only.
 */
export const EXTRACT_WITHHELD_TYPES: Readonly<Record<string, string>> = {
  InstitutionRegistered: 'password material',
  InstitutionPasswordChanged: 'password material',
  AdminCreated: 'password material',
  AdminPasswordChanged: 'password material',
  PasswordResetRequested: 'password material',
};
