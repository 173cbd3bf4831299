// The landing's tutorial playlist without React: the frame is mounted when the visitor gets near
// it (or presses the placeholder's button), as features/landing/videos-section.tsx does.
import { PLAYLIST_FRAME, PLAYLIST_NEAR_MARGIN } from "../app/features/landing/playlist-frame";
import { staticSignal as signal } from "./app";

export function enhanceVideos() {
  const holder = document.querySelector<HTMLElement>("[data-video-frame]");
  const { src, title } = holder?.dataset ?? {};
  if (!holder || !src) return;
  const observer =
    typeof IntersectionObserver === "undefined"
      ? undefined
      : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && mount(), {
          rootMargin: `${PLAYLIST_NEAR_MARGIN} 0px`,
        });
  const mount = () => {
    observer?.disconnect();
    if (holder.querySelector("iframe")) return;
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.title = title ?? "";
    frame.loading = "lazy";
    frame.allow = PLAYLIST_FRAME.allow;
    frame.referrerPolicy = PLAYLIST_FRAME.referrerPolicy;
    frame.allowFullscreen = true;
    frame.className = PLAYLIST_FRAME.className;
    holder.replaceChildren(frame);
  };
  holder.querySelector("[data-video-load]")?.addEventListener("click", mount, { signal });
  if (!observer) return mount();
  observer.observe(holder);
  signal.addEventListener("abort", () => observer.disconnect());
}
