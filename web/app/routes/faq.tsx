import { FaqPage } from "~/features/public-pages/faq/faq-page";
import i18n from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { SITE } from "../../../contracts/site";

export function meta() {
  return pageMeta({
    title: i18n.t("faq:meta.title"),
    description: i18n.t("faq:meta.description", { brand: SITE.brandName }),
    path: "/faq",
  });
}

export default FaqPage;
