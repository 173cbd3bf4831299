import { LegalPage } from "~/features/public-pages/legal/legal-page";
import i18n from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { SITE } from "../../../contracts/site";

export function meta() {
  return pageMeta({
    title: i18n.t("legal:privacy.meta.title"),
    description: i18n.t("legal:privacy.meta.description", { brand: SITE.brandName }),
    path: "/privacy-policy",
  });
}

export default function PrivacyPolicyPage() {
  return <LegalPage doc="privacy" />;
}
