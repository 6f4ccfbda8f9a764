// The styling engine and our theme, evaluated before the app (see main.ts).
import createCache from '@emotion/cache';
import { cspNonce } from './cspNonce';

export { theme } from './theme';

/** Emotion's style elements, carrying the page's CSP nonce (see cspNonce.ts); startApp provides it to MUI. */
export const emotionCache = createCache({ key: 'css', nonce: cspNonce });
