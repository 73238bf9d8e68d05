/** A duration the way a manager reads it, pt-BR: "45 s", "3 min 20 s", "1 h 5 min", "2 d 3 h"; '—' for none. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const seconds = Math.round(Math.max(0, ms) / 1000);
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts: Array<[number, string]> =
    d > 0 ? [[d, 'd'], [h, 'h']] : h > 0 ? [[h, 'h'], [m, 'min']] : m > 0 ? [[m, 'min'], [s, 's']] : [[s, 's']];
  return parts
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}
