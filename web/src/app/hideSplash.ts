/** Removes index.html's start-up screen (an overlay, so nothing shifts) once a first page is ready. */
export function hideSplash(): void {
  document.getElementById('boot')?.remove();
}
