import { useEffect, useState, type RefObject } from "react";

/**
 * Becomes true (and stays true) once the element comes within `margin` of the viewport.
 * Used to mount heavy embeds only when the visitor gets close to them.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "400px") {
  const [near, setNear] = useState(false);

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
