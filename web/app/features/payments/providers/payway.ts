// PayWay's checkout in the browser (the provider's own web component). The server prices and signs
// the order; the page only loads the checkout plugin (checkout2-0.js, or the simulator's stand-in)
// on demand, renders the signed fields as hidden inputs of the form the plugin expects, and calls
// AbaPayway.checkout(). The plugin opens its own modal with the `aba_webservice` frame and follows
// PayWay's page from there.
import type { PaywayCheckout } from "../../../../../contracts/payment-providers";

import { ProviderScriptError, type CheckoutRunner } from "./types";

type AbaPaywayGlobal = { checkout: (options?: Record<string, unknown>) => void };

declare global {
  interface Window {
    AbaPayway?: AbaPaywayGlobal;
  }
}


const SCRIPT_TIMEOUT_MS = 20_000;
const loads = new Map<string, Promise<void>>();

/**
 * Loads the checkout plugin once per URL. A failed load is forgotten (its tag removed), so the
 * next attempt tries again.
 */
export function loadPaywayScript(url: string): Promise<void> {
  if (typeof window === "undefined") return Promise.reject(new ProviderScriptError(url));
  let pending = loads.get(url);
  if (pending) return pending;

  pending = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.dataset.payway = "checkout";
    const timer = window.setTimeout(() => fail(), SCRIPT_TIMEOUT_MS);
    function fail() {
      window.clearTimeout(timer);
      script.remove();
      loads.delete(url);
      reject(new ProviderScriptError(url));
    }
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.AbaPayway) resolve();
      else fail();
    };
    script.onerror = () => fail();
    document.head.appendChild(script);
  });
  loads.set(url, pending);
  return pending;
}

/**
 * Renders the signed fields as hidden inputs of `<form id=formId action method target>` (exactly
 * as the server gave them) and starts the plugin's checkout. Throws when the plugin is missing.
 */
export function startPaywayCheckout(checkout: PaywayCheckout) {
  const payway = window.AbaPayway;
  if (!payway || typeof payway.checkout !== "function") throw new Error("The PayWay checkout is not available");

  document.getElementById(checkout.formId)?.remove();
  const form = document.createElement("form");
  form.id = checkout.formId;
  form.method = checkout.method;
  form.action = checkout.action;
  form.target = checkout.target;
  form.hidden = true;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  payway.checkout();
}

/** The ids the plugin (and the simulator's stand-in) give its window: a modal, or a bottom sheet on phones. */
const WINDOW_IDS = ["aba-checkout", "aba_checkout_sheet"];

export const paywayRunner: CheckoutRunner<PaywayCheckout> = {
  load: (checkout) => loadPaywayScript(checkout.pluginUrl),
  start: startPaywayCheckout,
  isOpen: () => WINDOW_IDS.some((id) => document.getElementById(id) !== null),
  close: () => {
    for (const id of WINDOW_IDS) document.getElementById(id)?.remove();
  },
  returnUrl: (checkout) => checkout.fields.continue_success_url,
  name: "PayWay",
};
