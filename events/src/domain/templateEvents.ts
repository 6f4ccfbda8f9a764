import { z } from 'zod';
import { defineEvent, isEventOf, type DataOf, type EventOf } from '../catalogue';

/**
 * An institution's first download of the upload template or the sample, one event per institution:
 * the first-day checklist asks only whether it happened, and the template carries no client data,
 * so later downloads are not worth a log entry each.
 */
export const templateDownloaded = defineEvent(
  'TemplateDownloaded',
  z.object({
    institutionId: z.number().int().positive(),
    /** The empty template (with its notes) or the twenty-row sample. */
    file: z.enum(['template', 'sample']),
    format: z.enum(['csv', 'xlsx']),
  }),
);

export const templateEvents = [templateDownloaded];

export const TEMPLATE_EVENT_TYPES = templateEvents.map((definition) => definition.type);

export type TemplateDownloadedData = DataOf<typeof templateDownloaded>;

/** Every event of a `template-downloads-<institutionId>` stream. */
export type TemplateEvent = EventOf<(typeof templateEvents)[number]>;

export const isTemplateEvent = isEventOf(templateEvents);

/** Holds at most one event: its first `TemplateDownloaded`. */
export const templateDownloadsStream = (institutionId: number): string => `template-downloads-${institutionId}`;
