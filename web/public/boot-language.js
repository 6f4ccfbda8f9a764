// Run by index.html before the first paint: the page's language, so its start-up screen shows the tagline
// in it (see the style there). The remembered choice, else the browser's; the app then takes over (app/i18n.ts).
try {
  const language = localStorage.getItem('language') || (navigator.language || '').slice(0, 2);
  if (language === 'fr') document.documentElement.lang = 'fr';
} catch {
  // No storage (a private window): the page stays in English until the app starts.
}
