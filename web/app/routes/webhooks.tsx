import { useWebhooksCopy } from "~/features/admin/webhooks/copy";
import { WebhooksPanel } from "~/features/admin/webhooks/webhooks-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function WebhooksPage() {
  const { t } = useWebhooksCopy();
  return (
    <>
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      <WebhooksPanel />
    </>
  );
}
