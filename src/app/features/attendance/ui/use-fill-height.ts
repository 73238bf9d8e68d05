import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The height from this element's top to the bottom of the window, so the console fills the page
 * under whatever the layout puts above it (navbar, title) without knowing their sizes.
 */
export function useFillHeight<T extends HTMLElement>(bottomGap = 16): [React.RefObject<T | null>, number | undefined] {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(320, window.innerHeight - top - bottomGap));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    if (ref.current?.parentElement) observer.observe(ref.current.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [bottomGap]);
  return [ref, height];
}
