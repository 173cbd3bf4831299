import { DonationSuccessPage } from "~/features/public-pages/donation/donation-success-page";
import i18n from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { SITE } from "../../../contracts/site";

export function meta() {
  return [
    ...pageMeta({
      title: i18n.t("donation:meta.title"),
      description: i18n.t("donation:meta.description", { brand: SITE.brandName }),
      path: "/donation-success",
    }),
    // A receipt for one visitor, not a page for search results.
    { name: "robots", content: "noindex" },
  ];
}

export default DonationSuccessPage;
