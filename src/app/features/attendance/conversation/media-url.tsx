import { createContext, useContext, useEffect, useState } from 'react';

/** Turns a stored file's address into one an <img> or <audio> can load (a signed link). */
export type MediaResolver = (url: string) => Promise<string>;

export const MediaResolverContext = createContext<MediaResolver | null>(null);

const needsSigning = (url: string) => /^\/api\/file\/[^?]+$/.test(url);

/** The loadable address of a message's media; null while a signed link is being fetched. */
export function useMediaUrl(url: string | null): string | null {
  const resolve = useContext(MediaResolverContext);
  const direct = !url || !resolve || !needsSigning(url);
  const [signed, setSigned] = useState<{ from: string; to: string } | null>(null);
  useEffect(() => {
    if (direct || !url || !resolve) return;
    let live = true;
    resolve(url).then(
      (to) => live && setSigned({ from: url, to }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url, resolve, direct]);
  if (direct) return url;
  return signed?.from === url ? signed.to : null;
}
