import { RenewLinkPage } from "~/features/renewals/renew-link-page";
import { BRAND_NAME } from "~/lib/nav";
import enRenewal from "~/locales/en/renewal.json";

export function meta() {
  return [{ title: `${enRenewal.meta.title} | ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];
}

/** An expiry reminder's one-click renew link (decision 026). */
export default function RenewRoute() {
  return <RenewLinkPage />;
}
