// Runs at build time only (`ssr: false`): renders the prerendered pages and the SPA fallback.
// Unlike React Router's default (which streams to browsers and waits only for bots and the SPA
// fallback), every render waits for all Suspense content, as static generation should: the
// landing's deferred sections (lib/deferred-hydration.tsx) are in the HTML, in place.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import { renderIn } from "~/lib/i18n";
import kmCopy from "~/locales/km";

/** Where the client build is (react-router.config.ts: buildDirectory "build"); builds run from the root. */
const CLIENT_BUILD = path.resolve("build", "client");

export const streamTimeout = 5_000;

/**
 * Prerendering writes each public page twice: in English (returned, React Router writes
 * `<path>/index.html`) and in Khmer, written here beside it as `index.km.html`. The server sends
 * the Khmer one to visitors who chose Khmer (the ks_lang cookie), so they get their language as
 * static HTML too, without loading the app (decision 016). Renders run one at a time (React Router
 * prerenders with a concurrency of 1), which the translator's current language relies on.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // Only `npm run build` prerenders pages to files (also with NODE_ENV=development, issue #13);
  // the dev server renders the English page alone.
  if (routerContext.isSpaMode || !__KEYSHOP_BUILD__) {
    return render(request, responseStatusCode, responseHeaders, routerContext);
  }
  // The loader data is streamed into the page once per render: each language gets its copy.
  const [english, khmer] = routerContext.serverHandoffStream?.tee() ?? [undefined, undefined];
  const englishPage = await render(request, responseStatusCode, new Headers(responseHeaders), {
    ...routerContext,
    serverHandoffStream: english,
  });
  const englishHtml = await englishPage.text();
  renderIn("km", kmCopy);
  try {
    const khmerPage = await render(request, responseStatusCode, new Headers(responseHeaders), {
      ...routerContext,
      serverHandoffStream: khmer,
    });
    const file = path.join(CLIENT_BUILD, ...new URL(request.url).pathname.split("/"), "index.km.html");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await khmerPage.text());
  } finally {
    renderIn("en");
  }
  return new Response(englishHtml, { status: englishPage.status, headers: englishPage.headers });
}

function render(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let ready = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // Static HTML: never move finished content out of place (React otherwise outlines
        // Suspense boundaries past the first 12.8 KB and moves them in with inline scripts).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          ready = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell is ready reject above and are logged by React Router.
          if (ready) console.error(error);
        },
      },
    );
    // Give up on content that never resolves (the aborted boundaries render their fallback).
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
