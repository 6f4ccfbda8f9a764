/**
 * Spec §9: 15 minutes without activity signs the user out. Fixed: nothing the browser stores can lengthen
 * it (the browser tests fast-forward the page's clock instead, test/e2e/signIn.e2e.spec.ts).
 */
export const INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;
