// Confetti for the thank-you page: canvas-confetti is loaded only when it will run, never for
// visitors who ask for reduced motion. No worker (a blob: worker would need a CSP exception).

/** How long confetti keeps firing (spec §9: 3 seconds). */
export const CONFETTI_DURATION_MS = 3000;

const COLORS = ["#10b981", "#34d399", "#047857", "#fbbf24", "#f59e0b", "#38bdf8", "#f472b6"];

/** Starts the celebration on `canvas`; returns a function that stops and clears it. */
export function celebrate(canvas: HTMLCanvasElement, durationMs = CONFETTI_DURATION_MS): () => void {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};

  let stopped = false;
  let frame = 0;
  let fire: import("canvas-confetti").CreateTypes | undefined;

  void import("canvas-confetti")
    .then(({ default: confetti }) => {
      if (stopped) return;
      fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
      const end = Date.now() + durationMs;
      void fire({ particleCount: 110, spread: 100, startVelocity: 42, origin: { y: 0.35 }, colors: COLORS });
      const tick = () => {
        if (stopped || !fire) return;
        void fire({ particleCount: 2, angle: 60, spread: 60, origin: { x: 0, y: 0.65 }, colors: COLORS });
        void fire({ particleCount: 2, angle: 120, spread: 60, origin: { x: 1, y: 0.65 }, colors: COLORS });
        if (Date.now() < end) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    })
    .catch(() => {
      // Decoration only: a failed chunk load leaves the page as it is.
    });

  return () => {
    stopped = true;
    cancelAnimationFrame(frame);
    fire?.reset();
  };
}
