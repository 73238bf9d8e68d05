// The splash follows the stored theme, so a dark app does not flash white while it loads. A file of
// its own rather than an inline script: the Content-Security-Policy allows no inline script.
try {
  if (JSON.parse(localStorage.getItem('pedbot.theme')) === 'dark') document.documentElement.dataset.splash = 'dark';
} catch {
  // No stored theme, or storage refused: the light splash is right.
}
