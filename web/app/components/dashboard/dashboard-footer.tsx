import { Link } from "react-router";

import { useTranslation } from "~/lib/i18n";
import { BRAND_NAME } from "~/lib/nav";

export function DashboardFooter() {
  const { t } = useTranslation("common");
  return (
    <footer className="border-t px-4 py-4 text-xs text-muted-foreground lg:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>© 2024 {BRAND_NAME}</span>
        <nav aria-label={t("shell:footer.legal")} className="flex gap-4">
          <Link to="/privacy-policy" rel="nofollow" className="hover:text-foreground">
            {t("footer.privacy")}
          </Link>
          <Link to="/terms-of-service" rel="nofollow" className="hover:text-foreground">
            {t("footer.terms")}
          </Link>
          <Link to="/faq" rel="nofollow" className="hover:text-foreground">
            {t("footer.faq")}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
