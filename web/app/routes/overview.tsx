import { OverviewPanel } from "~/features/admin/overview-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Overview | ${BRAND_NAME}` }];
}

export default function OverviewPage() {
  return <OverviewPanel />;
}
