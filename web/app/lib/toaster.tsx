// The toast area. Every page has its live region from the start, but sonner (about 10 KB gzip)
// loads only when something may toast: /auth asks for it when it mounts, the public pages when a
// dialog or action that toasts is opened, and every toast (lib/toast.ts) on its way, which is how
// the dashboard gets it (decision 049). sonner keeps toasts created before its Toaster subscribes
// and shows them once it mounts, so nothing fired early is lost.
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

import { useTranslation } from "~/lib/i18n";
import { useTheme } from "~/lib/theme";

const Toaster = lazy(() => import("~/lib/sonner-toaster").then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Loads and mounts the Toaster (once); call before or right after firing a toast. */
export function showToaster() {
  if (wanted || typeof window === "undefined") return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** For pages that toast: mounts the Toaster with the page. */
export function useToaster() {
  useEffect(showToaster, []);
}

/** sonner's keyboard shortcut to the toasts (its default, Alt+T), as sonner names it in the region's label. */
const HOTKEY_LABEL = "alt+T";

/** sonner's (empty) region: same name and live-region attributes, so the area is always there. */
function ToastRegion({ label }: { label: string }) {
  return (
    <section
      aria-label={`${label} ${HOTKEY_LABEL}`}
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
    />
  );
}

export function AppToaster() {
  const { theme } = useTheme();
  const { t } = useTranslation("common");
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  // sonner's own words (its region's name, its close buttons' label), in the reader's language.
  const label = t("a11y.notifications");
  if (!show) return <ToastRegion label={label} />;
  return (
    <Suspense fallback={<ToastRegion label={label} />}>
      <Toaster
        theme={theme}
        visibleToasts={1}
        duration={5000}
        richColors
        closeButton
        containerAriaLabel={label}
        toastOptions={{ closeButtonAriaLabel: t("a11y.closeNotification") }}
      />
    </Suspense>
  );
}
