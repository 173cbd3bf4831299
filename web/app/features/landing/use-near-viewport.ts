import { useEffect, useState, type RefObject } from "react";

import { PLAYLIST_NEAR_MARGIN } from "~/features/landing/playlist-frame";

/**
 * Becomes true (and stays true) once the element comes within `margin` of the viewport.
 * Used to mount heavy embeds only when the visitor gets close to them.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  margin = PLAYLIST_NEAR_MARGIN,
  /** Whether it is near already (read once, for the first render). */
  initial: () => boolean = () => false,
) {
  const [near, setNear] = useState(initial);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);

  return [near, setNear] as const;
}
