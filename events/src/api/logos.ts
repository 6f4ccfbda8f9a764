import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors';

/**
 * An institution's logo is kept as a data URL (what the profile form sends) and served by its own
 * URL, `GET /api/institution/{id}/logo`, never inside sign-in or list answers. Only raster images
 * are served, with their own content type: a PNG, JPEG or WebP cannot run script, an SVG or HTML could.
 */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]*={0,2})$/;

export const LOGO_REFUSED = 'The logo must be a PNG, JPEG or WebP image (a base64 data URL)';

/** The image a stored logo holds, or null when it is not one the platform serves (an SVG, anything else). */
export function logoImage(logo: string | null | undefined): { type: LogoType; bytes: Buffer } | null {
  if (!logo) return null;
  const match = DATA_URL.exec(logo);
  if (!match) return null;
  return { type: match[1] as LogoType, bytes: Buffer.from(match[2], 'base64') };
}

/** A logo as sent to be stored: a PNG, JPEG or WebP data URL, else 400. */
export function assertServableLogo(logo: string): void {
  if (logoImage(logo) === null) throw new ValidationError(LOGO_REFUSED);
}

/** The logo's version: its ETag, and part of its URL, so a changed logo is a new URL. */
export const logoVersion = (logo: string): string => createHash('sha256').update(logo).digest('base64url').slice(0, 22);

/**
 * How long a logo's URL works without a session token: from 6 to 12 hours, ending on a 6-hour
 * boundary so that answers given within those hours carry the same URL (and browsers reuse their copy).
 */
const URL_PERIOD_S = 6 * 60 * 60;

const signature = (secret: string, institutionId: number, version: string, expires: number): string =>
  createHmac('sha256', `logo-url:${secret}`).update(`${institutionId}.${version}.${expires}`).digest('base64url');

/**
 * The URL of an institution's logo for someone allowed to see it (the institution itself, an
 * administrator), or null when it has none. An `<img>` sends no session token, so the URL carries a
 * short-lived signature of the institution, the logo's version and the expiry; the route also takes a
 * Bearer token instead.
 */
export function logoUrl(secret: string, institutionId: number, logo: string | null | undefined, now = Date.now()): string | null {
  if (!logo || logoImage(logo) === null) return null;
  const version = logoVersion(logo);
  const expires = (Math.floor(now / 1000 / URL_PERIOD_S) + 2) * URL_PERIOD_S;
  return `/api/institution/${institutionId}/logo?v=${version}&expires=${expires}&signature=${signature(secret, institutionId, version, expires)}`;
}

/**
 * Whether a logo URL's query is signed by us for this institution and has not expired; the seconds
 * it has left when it is, else null.
 */
export function signedLogoQuery(secret: string, institutionId: number, query: Record<string, unknown>, now = Date.now()): number | null {
  const { v, expires, signature: given } = query;
  if (typeof v !== 'string' || typeof expires !== 'string' || typeof given !== 'string' || !/^\d{1,12}$/.test(expires)) return null;
  const left = Number(expires) - Math.floor(now / 1000);
  if (left <= 0) return null;
  const expected = Buffer.from(signature(secret, institutionId, v, Number(expires)));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected) ? left : null;
}
