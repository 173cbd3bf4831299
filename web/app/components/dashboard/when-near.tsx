// A part of a page that is not on its first screen loads when it comes near the screen (issue #28
// item 5, decision 073): its code (forms, the passkey and two-factor clients, the checkout) stays
// out of the page's first load. Until then, and while its code loads, a placeholder of about the
// same height holds its place (a screen reader hears it is loading), so nothing moves when it comes.
import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useLocation } from "react-router";

import { Skeleton } from "~/components/ui/skeleton";

/** How far below the screen a part starts loading (before it is scrolled into view). */
const NEAR = "100px";

/** True once the element is near the screen, the reader presses a key, or the address names `anchor` (#id). */
function useNear(ref: RefObject<HTMLElement | null>, anchor?: string) {
  const { hash } = useLocation();
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (near) return;
    const show = () => setNear(true);
    // A keyboard user may Tab past the first screen before scrolling: the page is whole by then.
    window.addEventListener("keydown", show, { once: true });
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: `${NEAR} 0px` });
    if (ref.current) observer.observe(ref.current);
    return () => {
      window.removeEventListener("keydown", show);
      observer.disconnect();
    };
  }, [near, ref]);
  return near || (anchor !== undefined && hash === `#${anchor}`);
}

/** `children` (a React.lazy part) once near the screen; a placeholder of `minHeight` before. */
export function WhenNear({ children, label, minHeight, anchor }: { children: ReactNode; label: string; minHeight: string; anchor?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNear(ref, anchor);
  const placeholder = (
    <div ref={ref} role="status" aria-live="polite" className="rounded-xl border p-6" style={{ minHeight }}>
      <span className="sr-only">{label}</span>
      <div className="grid gap-3" aria-hidden="true">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
    </div>
  );
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
