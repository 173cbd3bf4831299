// The tutorial playlist's frame, shared by the React section (videos-section.tsx) and the static
// page's script (web/enhance/videos.ts), which mounts the same frame before React runs.

/** How near the viewport the frame must come before it loads (spec: only when scrolled near). */
export const PLAYLIST_NEAR_MARGIN = "400px";

export const PLAYLIST_FRAME = {
  allow: "accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share",
  referrerPolicy: "strict-origin-when-cross-origin",
  className: "absolute inset-0 size-full border-0",
} as const;
