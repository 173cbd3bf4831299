import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";

import type { Route } from "./+types/root";
import appStylesHref from "./app.css?url";

import { LogoMark } from "~/components/logo";
import { Spinner } from "~/components/spinner";
import { Button } from "~/components/ui/button";
import i18n, { restoreLanguage, useTranslation } from "~/lib/i18n";
import { ThemeProvider } from "~/lib/theme";
import bootScriptHref from "~/lib/boot.js?url&no-inline";
import { AppToaster } from "~/lib/toaster";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function meta() {
  return [{ title: "Keyshop" }];
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The theme script adds the `dark` class before React hydrates.
    <html lang={i18n.language} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/*
          lib/boot.js: the saved colour theme before the first paint, and zod without eval (for the
          Content-Security-Policy). Blocking on purpose, and external, not inline: the policy
          allows only React Router's own inline scripts (by hash). `no-inline` keeps Vite from
          turning the small file into a data: URL; its name carries a hash (cached for a year).
        */}
        <script src={bootScriptHref} />
        {/*
          The one style sheet, with a precedence so React puts it ahead of the module preloads in
          <head>: it is requested first and the first paint does not queue behind the JavaScript.
        */}
        <link rel="stylesheet" href={appStylesHref} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        <ThemeProvider>
          {children}
          <AppToaster />
        </ThemeProvider>
        {/*
          The app's scripts, last in <body>. On the prerendered public pages the build turns this
          into an inert <template> and web/enhance loads it when a visitor needs the app
          (scripts/static-first.mjs, decision 016); web/enhance puts it back exactly like this.
        */}
        <div id="ks-app" hidden>
          <ScrollRestoration />
          <Scripts />
        </div>
      </body>
    </html>
  );
}

// No QueryClientProvider here: the dashboard layout, /auth and the landing's sign-in dialog bring
// their own (one shared client, lib/query-client.ts), so public pages load no query code.
export default function App() {
  // A page prerendered in English while another language is remembered (e.g. the dashboard's SPA
  // fallback) switches once the app has hydrated; Khmer pages are hydrated in Khmer already.
  useEffect(restoreLanguage, []);
  // Parents' effects run after their children's: the whole first render is live. Browser tests
  // wait for this before typing into prerendered forms.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/**
 * Rendered into build/client/__spa-fallback.html and shown until the app has loaded; the build
 * writes one per language (scripts/fallback-languages.mjs), served by the visitor's language cookie.
 */
export function HydrateFallback() {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-4">
      <LogoMark className="size-10" />
      <Spinner label={t("a11y.loadingShop")} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("common");
  let title = t("errorPage.title");
  let details = t("errorPage.details");
  let stack: string | undefined;

  if (isRouteErrorResponse(error)) {
    // A 404 here says what the 404 page says (routes/not-found.tsx).
    title = error.status === 404 ? t("notFound:title", { defaultValue: "Page not found" }) : t("errorPage.status", { status: error.status });
    details =
      error.status === 404
        ? t("notFound:description", { defaultValue: "The page you are looking for does not exist or has moved." })
        : error.statusText || details;
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
    stack = error.stack;
  }

  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col items-start justify-center gap-4 px-6">
      <LogoMark className="size-10" />
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{details}</p>
      {stack ? (
        <pre className="w-full overflow-x-auto rounded-md bg-muted p-4 text-xs">
          <code>{stack}</code>
        </pre>
      ) : null}
      <Button asChild>
        <Link to="/">{t("errorPage.back")}</Link>
      </Button>
    </main>
  );
}
