import { ScreenPlaceholder } from "~/components/dashboard/screen-placeholder";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Overview | ${BRAND_NAME}` }];
}

export default function OverviewPage() {
  return <ScreenPlaceholder title="Overview" description="Sales statistics and recent transactions." />;
}
