import { WebhooksPanel } from "~/features/admin/webhooks-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Webhooks | ${BRAND_NAME}` }];
}

export default function WebhooksPage() {
  return <WebhooksPanel />;
}
