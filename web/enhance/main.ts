// The public pages' only script on first load (see app.ts): interactive without React.
import { enhanceAccordion } from "./accordion";
import { enhanceCatalogue } from "./catalogue";
import { reloadInRememberedLanguage, upgrade, wantsAppNow } from "./app";
import { enhanceDonation } from "./donation";
import { enhanceHeader } from "./header";
import { enhancePlanChoices, enhancePricing } from "./pricing";
import { enhanceVideos } from "./videos";

// A plan click is never lost: it loads the app (or waits for it) and is then replayed.
enhancePlanChoices();
if (reloadInRememberedLanguage()) {
  // The same page comes back in the remembered language.
} else if (wantsAppNow()) {
  void upgrade();
} else {
  enhanceHeader();
  enhancePricing();
  enhanceCatalogue();
  enhanceVideos();
  enhanceAccordion();
  enhanceDonation();
  // Browser tests (and tools) wait for this before using the page, as they wait for React.
  document.querySelector("[data-public-header]")?.setAttribute("data-hydrated", "true");
}
