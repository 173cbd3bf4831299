// The landing's pricing without React: the Local / Foreigner switch, and the plan buttons, which
// load the app (sign-in and payment dialogs) and hand it the click. Markup from
// features/landing/pricing-section.tsx and market-switch.tsx.
import { preloadApp, staticSignal as signal, untilAppSignal, upgrade } from "./app";

function marketSwitch(section: HTMLElement) {
  const options = Array.from(section.querySelectorAll<HTMLElement>("[data-market-option]"));
  const choose = (market: string) => {
    // The app reads this when it takes over (pricing-section.tsx), so the choice survives.
    section.dataset.market = market;
    for (const option of options) {
      const checked = option.dataset.marketOption === market;
      option.setAttribute("aria-checked", String(checked));
      option.tabIndex = checked ? 0 : -1;
    }
    for (const node of section.querySelectorAll<HTMLElement>("[data-market-plans], [data-market-hint]")) {
      node.hidden = (node.dataset.marketPlans ?? node.dataset.marketHint) !== market;
    }
  };
  options.forEach((option, index) => {
    option.addEventListener("click", () => choose(option.dataset.marketOption ?? "local"), { signal });
    // Radio group: arrow keys move and select.
    option.addEventListener(
      "keydown",
      (event) => {
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        const next = options[(index + step + options.length) % options.length];
        choose(next.dataset.marketOption ?? "local");
        next.focus();
      },
      { signal },
    );
  });
}

/**
 * Plan buttons (hero and pricing): the app is fetched on intent, and runs on the click. Also while
 * the app is loading for a signed-in visitor: a click then waits for it instead of being lost.
 */
export function enhancePlanChoices() {
  const intent = (event: Event) => {
    if ((event.target as Element).closest?.("[data-plan-choice]")) preloadApp();
  };
  for (const type of ["pointerover", "focusin", "touchstart"]) {
    document.addEventListener(type, intent, { signal, passive: true });
  }
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element).closest<HTMLElement>("[data-plan-choice]");
      if (!button) return;
      event.preventDefault();
      event.stopPropagation();
      button.setAttribute("aria-busy", "true");
      void upgrade().then(() => {
        button.removeAttribute("aria-busy");
        // React now owns the button: the same click opens the sign-in (or payment) dialog.
        button.click();
      });
    },
    { signal: untilAppSignal, capture: true },
  );
}

export function enhancePricing() {
  const section = document.querySelector<HTMLElement>("[data-market]");
  if (section) marketSwitch(section);
}
