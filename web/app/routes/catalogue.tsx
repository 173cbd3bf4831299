import { CataloguePanel } from "~/features/admin/catalogue/catalogue-panel";
import { useCatalogueCopy } from "~/features/admin/catalogue/copy";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function CataloguePage() {
  const { t } = useCatalogueCopy();
  return (
    <>
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      <CataloguePanel />
    </>
  );
}
