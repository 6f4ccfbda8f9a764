import { z } from 'zod';

export const actorRoles = ['admin', 'institution', 'system'] as const;
export type ActorRole = (typeof actorRoles)[number];

export const eventMetadataSchema = z.object({
  actor: z.object({
    id: z.string(),
    role: z.enum(actorRoles),
    name: z.string(),
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
