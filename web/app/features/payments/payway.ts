// PayWay's checkout in the browser. The server prices and signs the order; the page only loads
// the checkout plugin (checkout2-0.js, or the simulator's stand-in) on demand, renders the signed
// fields as hidden inputs of the form the plugin expects, and calls AbaPayway.checkout(). The
// plugin opens its own modal with the `aba_webservice` frame and follows PayWay's page from there.
import type { CheckoutForm } from "../../../../contracts/orders";

export type { CheckoutForm };

/** The spec's error texts (toast title 'Error'). */
export const PAYWAY_ERRORS = {
  title: "Error",
  script: "Failed to load PayWay script. Please try again.",
  /** The landing page and the profile's top-up. */
  payment: "Failed to process PayWay payment. Please try again.",
  /** The subscription pages (also when the checkout library is missing). */
  toolPayment: "Failed to process payment. Please try again.",
} as const;

type AbaPaywayGlobal = { checkout: (options?: Record<string, unknown>) => void };

declare global {
  interface Window {
    AbaPayway?: AbaPaywayGlobal;
  }
}

/** A failure of the script itself (toast 'Failed to load PayWay script…'). */
export class PaywayScriptError extends Error {
  constructor(url: string) {
    super(`Could not load the PayWay checkout script from ${url}`);
    this.name = "PaywayScriptError";
  }
}

const SCRIPT_TIMEOUT_MS = 20_000;
const loads = new Map<string, Promise<void>>();

/**
 * Loads the checkout plugin once per URL. A failed load is forgotten (its tag removed), so the
 * next attempt tries again.
 */
export function loadPaywayScript(url: string): Promise<void> {
  if (typeof window === "undefined") return Promise.reject(new PaywayScriptError(url));
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
      reject(new PaywayScriptError(url));
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
export function startPaywayCheckout(checkout: CheckoutForm) {
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
