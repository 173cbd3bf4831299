// The landing's static sections (all but the hero and the interactive pricing): prerendered, but
// their code loads and hydrates only when the visitor scrolls near them (lib/deferred-hydration).
import { deferredSection } from "~/lib/deferred-hydration";

export const FeaturesSection = deferredSection(
  () => import("./features-section").then((m) => m.FeaturesSection),
  "features-heading",
);
export const WhyChooseSection = deferredSection(
  () => import("./why-choose-section").then((m) => m.WhyChooseSection),
  "why-heading",
);
export const VideosSection = deferredSection(
  () => import("./videos-section").then((m) => m.VideosSection),
  "videos-section",
);
export const SetupSection = deferredSection(
  () => import("./setup-section").then((m) => m.SetupSection),
  "setup-section",
);

