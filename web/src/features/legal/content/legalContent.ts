/** One titled part of a legal page: its paragraphs, then an optional list. */
export type LegalSection = { heading: string; paragraphs: readonly string[]; items?: readonly string[] };

/** A legal page's long text, the same shape in every language. */
export type LegalDocument = { title: string; summary: string; sections: readonly LegalSection[] };

export type LegalContent = { terms: LegalDocument; privacy: LegalDocument };

/** When the texts below last changed (shown on the pages; change it with them). */
export const LEGAL_UPDATED = '2026-11-27T12:00:00Z';
