/** Hides the loading splash of index.html (SPEC §2: hidden after navigation). */
export function hideSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  splash.classList.add('splash-done');
  setTimeout(() => splash.remove(), 250);
}
