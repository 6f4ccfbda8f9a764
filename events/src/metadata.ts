import { z } from 'zod';

/** Who caused an event: `auditor` is a platform account with the auditor role (an `admin` account that changes nothing but the log's verification). */
export const actorRoles = ['admin', 'auditor', 'institution', 'system'] as const;
export type ActorRole = (typeof actorRoles)[number];

export const eventMetadataSchema = z.object({
  actor: z.object({
    id: z.string(),
    role: z.enum(actorRoles),
    name: z.string(),
    /** A member of an institution's team acting for it (the actor is then the institution, `name` the member's). */
    member: z
      .object({ id: z.number().int().positive(), name: z.string(), email: z.string(), role: z.enum(['analyst', 'uploader']) })
      .optional(),
  }),
  institutionId: z.number().int().nullable().optional(),
  ip: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  correlationId: z.string(),
  causationId: z.string().nullable().optional(),
  occurredAt: z.string().datetime({ offset: true }),
});

export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export const systemActor = { id: 'system', role: 'system', name: 'System' } as const;
