import { RenewLinkPage } from "~/features/renewals/renew-link-page";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Renew your licence | ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];
}

/** An expiry reminder's one-click renew link (decision 026). */
export default function RenewRoute() {
  return <RenewLinkPage />;
}
