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

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../contracts/languages";
import { localeLoaders, renderIn } from "~/lib/i18n";

/** Every other language's copy (locales/<code>/index.ts), bundled into the prerender. */
const copies = localeLoaders(import.meta.glob<{ default: { [ns: string]: { [key: string]: unknown } } }>("./locales/*/index.ts"));

/** Where the client build is (react-router.config.ts: buildDirectory "build"); builds run from the root. */
const CLIENT_BUILD = path.resolve("build", "client");

export const streamTimeout = 5_000;

/**
 * Prerendering writes each public page in every language of contracts/languages.ts: in English
 * (returned, React Router writes `<path>/index.html`) and in each other one, written here beside
 * it as `index.<code>.html` (Khmer: `index.km.html`). The server sends that one to visitors who
 * chose the language (the ks_lang cookie), so they get their language as static HTML too,
 * without loading the app (decision 016). Renders run one at a time (React Router prerenders
 * with a concurrency of 1), which the translator's current language relies on.
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
  const others = LANGUAGES.filter((lng) => lng !== DEFAULT_LANGUAGE);
  const streams = teeInto(routerContext.serverHandoffStream, 1 + others.length);
  const englishPage = await render(request, responseStatusCode, new Headers(responseHeaders), {
    ...routerContext,
    serverHandoffStream: streams[0],
  });
  const englishHtml = await englishPage.text();
  for (const [i, lng] of others.entries()) {
    await writeIn(lng, request, responseStatusCode, responseHeaders, { ...routerContext, serverHandoffStream: streams[i + 1] });
  }
  return new Response(englishHtml, { status: englishPage.status, headers: englishPage.headers });
}

/** Writes the page in `lng` beside the English one, as `index.<lng>.html`. */
async function writeIn(lng: Language, request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const load = copies[lng];
  if (!load) throw new Error(`No locale chunk for ${lng}: web/app/locales/${lng}/index.ts`);
  renderIn(lng, await load());
  try {
    const page = await render(request, status, new Headers(headers), routerContext);
    const file = path.join(CLIENT_BUILD, ...new URL(request.url).pathname.split("/"), `index.${lng}.html`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await page.text());
  } finally {
    renderIn(DEFAULT_LANGUAGE);
  }
}

/** `count` copies of a stream (none when there is no stream). */
function teeInto<T>(stream: ReadableStream<T> | undefined, count: number): (ReadableStream<T> | undefined)[] {
  if (!stream) return Array.from({ length: count }, () => undefined);
  const out: ReadableStream<T>[] = [];
  let rest = stream;
  for (let i = 1; i < count; i++) {
    const [one, other] = rest.tee();
    out.push(one);
    rest = other;
  }
  out.push(rest);
  return out;
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
