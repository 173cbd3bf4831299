// React Router's default client entry, plus one step: a public page prerendered in Khmer
// (index.km.html, decision 016) is hydrated in Khmer, so its copy is loaded before hydration.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { adoptDocumentLanguage } from "~/lib/i18n";

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
