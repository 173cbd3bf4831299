import { useRef } from "react";
import { ExternalLinkIcon, PlayIcon } from "lucide-react";

import { SITE } from "../../../../contracts/site";
import { SectionHeading } from "~/features/landing/section-heading";
import { NEW_TAB_HINT_ID, SECTION_IDS } from "~/components/public/sections";
import { PLAYLIST_FRAME } from "~/features/landing/playlist-frame";
import { useNearViewport } from "~/features/landing/use-near-viewport";
import { useTranslation } from "~/lib/i18n";

/** The static page may have mounted the frame already (the app then starts with it). */
const frameMounted = () =>
  typeof document !== "undefined" && document.querySelector("[data-video-frame] iframe") !== null;

/** Learning resources: the tutorial playlist, mounted only when the visitor gets near it. */
export function VideosSection() {
  const { t } = useTranslation("landing");
  const frameRef = useRef<HTMLDivElement>(null);
  const [near, load] = useNearViewport(frameRef, undefined, frameMounted);

  return (
    <section
      id={SECTION_IDS.videos}
      aria-labelledby="videos-heading"
      tabIndex={-1}
      className="scroll-mt-16 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading id="videos-heading" eyebrow={t("videos.eyebrow")} title={t("videos.title")}>
          {t("videos.subtitle")}
        </SectionHeading>

        <div
          ref={frameRef}
          data-video-frame
          data-src={SITE.videos.playlistEmbed}
          data-title={t("videos.iframeTitle")}
          className="relative mt-12 aspect-video overflow-hidden rounded-2xl border bg-zinc-950 shadow-2xl shadow-black/10 ring-1 ring-black/5 dark:ring-white/10"
        >
          {near ? (
            <iframe
              src={SITE.videos.playlistEmbed}
              title={t("videos.iframeTitle")}
              loading="lazy"
              allow={PLAYLIST_FRAME.allow}
              referrerPolicy={PLAYLIST_FRAME.referrerPolicy}
              allowFullScreen
              className={PLAYLIST_FRAME.className}
            />
          ) : (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-[radial-gradient(ellipse_at_top,theme(colors.emerald.800),theme(colors.zinc.950)_70%)] p-6 text-center text-white">
              <button
                type="button"
                data-video-load
                onClick={() => load(true)}
                className="group flex flex-col items-center gap-4 rounded-2xl p-2 outline-none focus-visible:ring-[3px] focus-visible:ring-white/70"
              >
                <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-emerald-700 shadow-lg transition-transform group-hover:scale-105 sm:size-20">
                  <PlayIcon className="ml-1 size-7 fill-current sm:size-8" aria-hidden="true" />
                </span>
                <span className="text-base font-semibold">{t("videos.load")}</span>
              </button>
              <p className="max-w-xs text-sm text-white/80">{t("videos.placeholder")}</p>
            </div>
          )}
        </div>

        <div className="mt-8 flex justify-center">
          <a
            href={SITE.videos.allPlaylists}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={NEW_TAB_HINT_ID}
            className="inline-flex items-center gap-2 rounded-md border bg-background px-5 py-2.5 text-sm font-semibold shadow-xs transition-colors outline-none hover:border-brand/50 hover:text-brand-text focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t("videos.viewAll")}
            <ExternalLinkIcon className="size-4" aria-hidden="true" />
          </a>
        </div>
      </div>
    </section>
  );
}
