import { useEffect } from 'react';

/** The browser tab shows the page and the product. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · PedBot`;
  }, [title]);
}
