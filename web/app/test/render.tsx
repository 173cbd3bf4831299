// Component tests of the dashboard: a query client and the language the test chooses.
import type { ReactElement } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";

import { renderIn, type Language } from "~/lib/i18n";
import km from "~/locales/km";

/** Renders in `lng` (Khmer: its whole copy loaded, as when a customer has chosen it). */
export function renderInLanguage(lng: Language, ui: ReactElement) {
  if (lng === "km") renderIn("km", km);
  else renderIn("en");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** Renders in `lng` inside a router (forms with links). */
export function inRouter(ui: ReactElement, lng: Language = "en") {
  return renderInLanguage(lng, <MemoryRouter>{ui}</MemoryRouter>);
}

/** Clicks the button named `name` (in `root`, or anywhere) and lets what it starts settle. */
export async function click(name: string | RegExp, root: HTMLElement = document.body) {
  await act(async () => {
    fireEvent.click(within(root).getByRole("button", { name }));
  });
}

/** Types `value` into the field labelled `label`. */
export function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
