import { RenewLinkPage } from "~/features/renewals/renew-link-page";

// The title is rendered by the page, in the reader's language.
export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** An expiry reminder's one-click renew link (decision 026). */
export default function RenewRoute() {
  return <RenewLinkPage />;
}
