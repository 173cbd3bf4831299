import { useAdminCopy } from "~/features/admin/copy";
import { OverviewPanel } from "~/features/admin/overview-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function OverviewPage() {
  const { t } = useAdminCopy();
  return (
    <>
      <title>{`${t("titles.overview")} | ${BRAND_NAME}`}</title>
      <OverviewPanel />
    </>
  );
}
