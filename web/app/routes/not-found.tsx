import { Link } from "react-router";

import { PublicPage, PublicPlaceholder } from "~/components/public/public-page";
import { Button } from "~/components/ui/button";
import { registerNamespace, useTranslation } from "~/lib/i18n";
import { BRAND_NAME } from "~/lib/nav";
import enNotFound from "~/locales/en/notFound.json";

registerNamespace("notFound", { en: enNotFound });

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function NotFoundPage() {
  const { t } = useTranslation("notFound");
  return (
    <PublicPage>
      <title>{t("meta.title", { brand: BRAND_NAME })}</title>
      <PublicPlaceholder eyebrow={t("eyebrow")} title={t("title")} description={t("description")}>
        <Button asChild size="lg">
          <Link to="/">{t("back")}</Link>
        </Button>
      </PublicPlaceholder>
    </PublicPage>
  );
}
