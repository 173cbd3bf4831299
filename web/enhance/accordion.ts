// The FAQ accordion without React: one item open at a time, collapsible, arrow keys / Home / End
// between questions. Drives the markup of the UI kit's accordion component (Radix's attributes: the
// panels are always in the page and shown by their item's data-state).
import { staticSignal as signal } from "./app";

export function enhanceAccordion() {
  for (const accordion of document.querySelectorAll<HTMLElement>("[data-slot=accordion]")) {
    const triggers = Array.from(accordion.querySelectorAll<HTMLElement>("[data-slot=accordion-trigger]"));
    const itemOf = (trigger: HTMLElement) => trigger.closest<HTMLElement>("[data-slot=accordion-item]");
    const set = (trigger: HTMLElement, open: boolean) => {
      const state = open ? "open" : "closed";
      trigger.setAttribute("aria-expanded", String(open));
      const item = itemOf(trigger);
      for (const node of [item, trigger, trigger.parentElement]) node?.setAttribute("data-state", state);
    };
    triggers.forEach((trigger, index) => {
      trigger.addEventListener(
        "click",
        () => {
          const open = trigger.getAttribute("aria-expanded") !== "true";
          for (const other of triggers) if (other !== trigger) set(other, false);
          set(trigger, open);
        },
        { signal },
      );
      trigger.addEventListener(
        "keydown",
        (event) => {
          const last = triggers.length - 1;
          const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: last }[event.key];
          if (target === undefined) return;
          event.preventDefault();
          triggers[(target + triggers.length) % triggers.length].focus();
        },
        { signal },
      );
    });
  }
}
