/**
 * The nonce the server gave this page (index.html's `<meta property="csp-nonce">`, see vite.config.ts):
 * the page's Content-Security-Policy applies only `<style>` elements that carry it, so every library that
 * creates one is given it: Emotion (MUI's styles, app/styleEngine.ts) and goober (react-hot-toast's, which
 * reads `window.__nonce__`). Read from the `nonce` property: browsers hide the attribute once a CSP applies.
 */
export const cspNonce: string | undefined = (() => {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
})();

(window as Window & { __nonce__?: string }).__nonce__ = cspNonce;
