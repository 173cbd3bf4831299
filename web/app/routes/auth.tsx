import { QueryClientProvider } from "@tanstack/react-query";
import { Link } from "react-router";

import { LogoMark } from "~/components/logo";
import { MAIN_CONTENT_ID } from "~/components/skip-link";
import { AuthDialog } from "~/features/auth/auth-dialog";
import { useAuthCopy } from "~/features/auth/copy";
import { BRAND_NAME } from "~/lib/nav";
import { getQueryClient } from "~/lib/query-client";
import { useToaster } from "~/lib/toaster";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function AuthPage() {
  // Sign-in brings the query client and the toaster with it (the public pages load neither).
  useToaster();
  return (
    <QueryClientProvider client={getQueryClient()}>
      <AuthLayout />
    </QueryClientProvider>
  );
}

function AuthLayout() {
  const { t } = useAuthCopy();
  return (
    <div className="brand-blue relative flex min-h-svh flex-col overflow-hidden bg-gradient-to-b from-brand-soft via-background to-background">
      <title>{t("meta.title", { brand: BRAND_NAME })}</title>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-96 max-w-3xl rounded-full bg-brand/15 blur-3xl"
      />
      <header className="relative mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2.5 text-lg font-semibold tracking-tight">
          <LogoMark />
          {BRAND_NAME}
        </Link>
      </header>
      <main id={MAIN_CONTENT_ID} className="relative flex-1">
        <h1 className="sr-only">{t("page.heading", { brand: BRAND_NAME })}</h1>
        <AuthDialog />
      </main>
      <footer className="relative py-6 text-center text-xs text-muted-foreground">
        © 2024 {BRAND_NAME}
      </footer>
    </div>
  );
}
