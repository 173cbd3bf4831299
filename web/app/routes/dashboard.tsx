import { redirect } from "react-router";

import type { Route } from "./+types/dashboard";

/** /dashboard is the post-sign-in and post-payment target: it opens License Keys, query intact. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/license-keys${search}`);
}

export default function DashboardRedirect() {
  return null;
}
