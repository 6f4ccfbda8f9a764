/** The brand name: the page title when signed out (spec §1). A name, so the same in every language. */
export const BRAND = 'Credit Intelligence';
