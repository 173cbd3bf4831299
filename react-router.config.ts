import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "web/app",
  buildDirectory: "build",
  // No runtime server rendering: public marketing pages are prerendered to
  // static HTML, everything else is served from build/client/__spa-fallback.html.
  ssr: false,
  prerender: ["/", "/faq", "/privacy-policy", "/terms-of-service", "/donation-success"],
} satisfies Config;
