// Runs at build time only (`ssr: false`): renders the prerendered pages and the SPA fallback.
// Unlike React Router's default (which streams to browsers and waits only for bots and the SPA
// fallback), every render waits for all Suspense content, as static generation should: the
// landing's deferred sections (lib/deferred-hydration.tsx) are in the HTML, in place.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";

export const streamTimeout = 5_000;

export default function handleRequest(
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
