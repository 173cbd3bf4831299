// sonner's `toast`, with sonner (about 10 KB gzip) fetched on the first toast instead of with the
// page (decision 049). Calls made before it has arrived run in order once it has; sonner keeps
// toasts created before its Toaster mounts (lib/toaster.tsx). Every toast gets an id here, so
// that the caller has it at once (to dismiss or replace a loading toast) as sonner's would give.
import type { ExternalToast, toast as sonnerToast } from "sonner";

import { showToaster } from "~/lib/toaster";

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];
type Kind = "success" | "error" | "info" | "warning" | "loading";

let sonner: Promise<Sonner> | null = null;
let counter = 0;

function withSonner(run: (toast: Sonner) => void) {
  showToaster();
  sonner ??= import("sonner").then((m) => m.toast);
  void sonner.then(run);
}

function show(kind: Kind | null, message: Message, data?: ExternalToast): string | number {
  const id = data?.id ?? `ks-toast-${++counter}`;
  withSonner((toast) => (kind ? toast[kind] : toast)(message, { ...data, id }));
  return id;
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show(null, message, data), {
  success: (message: Message, data?: ExternalToast) => show("success", message, data),
  error: (message: Message, data?: ExternalToast) => show("error", message, data),
  info: (message: Message, data?: ExternalToast) => show("info", message, data),
  warning: (message: Message, data?: ExternalToast) => show("warning", message, data),
  loading: (message: Message, data?: ExternalToast) => show("loading", message, data),
  dismiss: (id?: string | number) => {
    if (sonner) withSonner((toast) => toast.dismiss(id));
  },
});
