// Progressive hydration for prerendered sections below the fold.
//
// A deferred section is prerendered like any other (the HTML has it, in place), but its code is a
// separate chunk and React leaves its server HTML as it is until the section comes near the
// viewport: then the chunk loads and React hydrates it. Until then it is static HTML, which is all
// these sections are (text, images and plain links). The first load carries less JavaScript, and
// hydration has less to do while the page starts up.
//
// How: the section renders inside its own <Suspense>, and when it hydrates (its HTML is already in
// the document) it suspends until it is needed. React keeps a suspended boundary's server HTML and
// retries it later.
// - Prerendering waits for every section (web/app/entry.server.tsx renders with onAllReady).
// - Client renders (a navigation to the page) wait for all deferred sections' code together, so
//   they appear at once, then scroll to the location's #hash if it is in one of them.
// - A language switch first hydrates every waiting section (hydrateDeferredSections), so each
//   hydrates against the English HTML it was rendered with, then turns Khmer with the rest.
// - Rules for a deferred section: no props, and no React context that can change before it
//   hydrates (router location, theme): an update reaching a dehydrated boundary makes React drop
//   its HTML and render it on the client. External stores (i18n) are fine.
import { memo, Suspense, use, useEffect, type ComponentType } from "react";

/** How near the viewport a section must come to hydrate (its HTML is complete meanwhile). */
const ROOT_MARGIN = "300px 0px";
/** Longest wait for deferred sections before a language switch goes ahead regardless. */
const HYDRATE_ALL_TIMEOUT_MS = 5000;

type Section = {
  /**
   * idle: not rendered yet (React hydrates Suspense boundaries in a later, low-priority pass);
   * waiting: its server HTML awaits hydration; done: rendered.
   */
  status: "idle" | "waiting" | "done";
  /** Its prerendered HTML is in the document (so the first render of it is a hydration). */
  prerendered: () => boolean;
  /** Hydrate as soon as possible instead of when near the viewport. */
  release: () => void;
  hydrated: Promise<void>;
  preload: () => Promise<void>;
};

const sections: Section[] = [];

/** Hydrates every section still showing its server HTML; resolves once they have (or a timeout). */
export async function hydrateDeferredSections() {
  const pending = sections.filter(
    (section) => section.status !== "done" && section.prerendered(),
  );
  if (pending.length === 0) return;
  for (const section of pending) section.release();
  await Promise.race([
    Promise.all(pending.map((section) => section.hydrated)),
    new Promise((resolve) => setTimeout(resolve, HYDRATE_ALL_TIMEOUT_MS)),
  ]);
}

let allLoaded: Promise<unknown> | undefined;
/** Client renders: one promise for every section's code, so they all appear in one commit. */
function loadAll() {
  allLoaded ??= Promise.all(sections.map((section) => section.preload()));
  return allLoaded;
}

/** A #hash that a client render could not scroll to yet because its section was still loading. */
let pendingHash: string | null = null;

/** After a section mounts: scroll to the pending #hash once its target exists. */
function scrollToPendingHash() {
  if (!pendingHash) return;
  if (window.location.hash !== pendingHash) {
    pendingHash = null; // the visitor has moved on
    return;
  }
  const target = document.getElementById(decodeURIComponent(pendingHash.slice(1)));
  if (!target) return; // in a section still loading, or nowhere
  pendingHash = null;
  target.scrollIntoView();
}

/**
 * A section whose code loads and hydrates when it nears the viewport. `anchorId` is the id of an
 * element at the top of the section's HTML: it tells a hydration (the element is already in the
 * document) from a client render, and it is what is watched for nearness.
 */
export function deferredSection(load: () => Promise<ComponentType>, anchorId: string) {
  let Component: ComponentType | null = null;
  let loading: Promise<void> | undefined;
  let gate: Promise<void> | undefined;
  let released = false;
  let anchor: Element | null = null;
  let open = () => {};
  let stopWatching = () => {};
  let markHydrated = () => {};

  const section: Section = {
    status: "idle",
    prerendered: () => typeof document !== "undefined" && document.getElementById(anchorId) !== null,
    release() {
      released = true;
      open();
    },
    hydrated: new Promise<void>((resolve) => {
      markHydrated = resolve;
    }),
    preload() {
      loading ??= load().then(
        (loaded) => {
          Component = loaded;
        },
        (error: unknown) => {
          // The server HTML stays as it is (static but complete) rather than failing the page.
          console.error(`Could not load the section #${anchorId}`, error);
          return new Promise<void>(() => {});
        },
      );
      return loading;
    },
  };
  sections.push(section);

  /** Hydration: a promise that resolves (code loaded) once the section is needed. */
  function untilNeeded(): Promise<void> | null {
    if (section.status === "waiting") {
      if (anchor?.isConnected) return gate ?? null;
      // The page left before this section hydrated (its HTML is gone): start afresh.
      stopWatching();
      section.status = "idle";
    }
    if (section.status === "done" || !section.prerendered()) return null;
    section.status = "waiting";
    anchor = document.getElementById(anchorId);
    const watched = anchor as Element;
    gate = new Promise<void>((resolve) => {
      open = resolve;
      if (released || typeof IntersectionObserver === "undefined") {
        resolve();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) open();
        },
        { rootMargin: ROOT_MARGIN },
      );
      observer.observe(watched);
      stopWatching = () => observer.disconnect();
      open = () => {
        observer.disconnect();
        resolve();
      };
    }).then(section.preload);
    return gate;
  }

  function Content() {
    const needed = untilNeeded();
    if (needed) {
      use(needed);
    } else if (!Component) {
      if (typeof window === "undefined") {
        use(section.preload()); // prerendering waits for it
      } else {
        // A client render (a navigation to the page): wait for all sections at once.
        pendingHash ??= window.location.hash || null;
        use(loadAll());
      }
    }
    useEffect(() => {
      section.status = "done";
      markHydrated();
      scrollToPendingHash();
    }, []);
    const Loaded = Component as ComponentType;
    return <Loaded />;
  }

  // memo: the page's own updates (e.g. the session arriving) never reach a waiting boundary.
  const Deferred = memo(function DeferredSection() {
    return (
      <Suspense fallback={null}>
        <Content />
      </Suspense>
    );
  });
  return Object.assign(Deferred, { preload: section.preload });
}
