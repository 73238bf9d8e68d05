/**
 * Training videos (help/training-videos) are links the administrator pastes; the page plays them
 * in place. YouTube and Vimeo links become their embed players; a direct video file plays in a
 * <video> tag; anything else opens in a new tab.
 */
export type VideoSource = { kind: 'embed'; src: string } | { kind: 'file'; src: string } | { kind: 'link'; src: string };

const YOUTUBE_ID = /^[\w-]{11}$/;

export function videoSource(raw: string): VideoSource {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { kind: 'link', src: raw };
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId = url.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${youtubeId}` };
  const vimeo = host === 'vimeo.com' ? /^\/(\d+)/.exec(url.pathname)?.[1] : host === 'player.vimeo.com' ? /^\/video\/(\d+)/.exec(url.pathname)?.[1] : undefined;
  if (vimeo) return { kind: 'embed', src: `https://player.vimeo.com/video/${vimeo}` };
  if (/\.(mp4|webm|ogg)$/i.test(url.pathname)) return { kind: 'file', src: url.toString() };
  return { kind: 'link', src: url.toString() };
}

/** Only web links are stored: no javascript:, data: or file: URLs. */
export function isWebUrl(raw: string): boolean {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
