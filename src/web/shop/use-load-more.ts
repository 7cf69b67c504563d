/**
 * A 'Load more' control that also fires when it scrolls into view (IntersectionObserver), so a list
 * loads its next page as the reader reaches its end; tapping it works where the observer is missing.
 * Only while `active` (the chart can take the event now): the observer never sends what the chart refuses.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useLoadWhenVisible(active: boolean, onVisible: () => void): RefObject<HTMLButtonElement | null> {
  const target = useRef<HTMLButtonElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = target.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return target;
}
