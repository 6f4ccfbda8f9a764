import type { EventMetadata, RequestMeta } from '@credit/events';

export type Actor = EventMetadata['actor'];

/** Metadata for the events of one command: who, from where, under which request. */
export function eventMetadata(meta: RequestMeta, actor: Actor, institutionId: number | null = null, now: Date = new Date()): EventMetadata {
  return {
    actor,
    institutionId,
    ip: meta.ip,
    userAgent: meta.userAgent,
    correlationId: meta.requestId,
    causationId: null,
    occurredAt: now.toISOString(),
  };
}
