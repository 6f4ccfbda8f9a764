/**
 * The template-downloads read model's table, as `templateDownloadsProjection`'s migration creates
 * it: one row per institution, its first download of the template or the sample.
 */
export const TEMPLATE_DOWNLOADS = 'template_downloads';

export type TemplateDownloadRow = {
  institution_id: number;
  position: string;
  file: 'template' | 'sample';
  format: 'csv' | 'xlsx';
  downloaded_at: Date;
  actor_id: string;
  actor_role: string;
  actor_name: string;
};
