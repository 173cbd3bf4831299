// React Router's default client entry, plus two steps: a dashboard page's modules and signed-in
// user are asked for at once (lib/early-load.ts, decision 073), and a public page prerendered in
// Khmer (index.km.html, decision 016) is hydrated in Khmer, so its copy is loaded before hydration.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { startEarlyLoad } from "~/lib/early-load";
import { adoptDocumentLanguage } from "~/lib/i18n";

startEarlyLoad();

void adoptDocumentLanguage().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
