import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

// How close to the screen the place comes before its content is drawn: a little ahead of scrolling.
const AHEAD = '120px 0px';

type Props = {
  /** Holds the place at the content's size until it is drawn (and while its code loads), so nothing moves. */
  placeholder: ReactNode;
  /** Content whose code loads on demand (a chart): loaded and drawn only once its place nears the screen. */
  children: ReactNode;
};

/**
 * A chart below the first screen (a dashboard's lower charts on a phone) costs nothing until the user
 * scrolls towards it: neither its code nor its drawing is on the way of the page's first seconds.
 */
export function NearScreen({ placeholder, children }: Props) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={place}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
