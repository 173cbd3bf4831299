// Components fetched when first needed (decision 049): a dashboard page's first load carries what
// its first paint shows, and a dialog, its form and its schemas come when it is first opened.
import { lazy, useState, type ComponentType, type LazyExoticComponent } from "react";

/** React.lazy for a named export: `lazyNamed(() => import("./x"), "X")`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever props the component takes
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/**
 * True from the first time `open` is true: a lazy dialog mounts when it is first opened and stays
 * mounted, so that its closing animation plays and reopening is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
