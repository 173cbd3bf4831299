// Component tests of the dashboard: a query client and the language the test chooses.
import type { ReactElement } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";

import { renderIn, type Language } from "~/lib/i18n";
import km from "~/locales/km";

/** Renders in `lng` (Khmer: its whole copy loaded, as when a customer has chosen it). */
export function renderInLanguage(lng: Language, ui: ReactElement) {
  if (lng === "km") renderIn("km", km);
  else renderIn("en");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
