// robots.txt and sitemap.xml for the public pages, with this deployment's own address.
import { Hono } from "hono";
import type { Config } from "../../config";

export const PUBLIC_PATHS = ["/", "/faq", "/privacy-policy", "/terms-of-service"] as const;
const PRIVATE_PREFIXES = ["/api/", "/dev/", "/auth", "/dashboard", "/overview", "/profile", "/license-keys", "/license-history", "/transactions-history", "/transactions-gmail", "/user-management", "/manage-balance", "/webhooks", "/otp-gmail", "/reseller", "/donation-success", "/customers/"];

export function createSeoRoutes(config: Config) {
  const lastmod = new Date().toISOString().slice(0, 10);
  return new Hono()
    .get("/robots.txt", (c) => {
      const lines = ["User-agent: *", ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), "", `Sitemap: ${config.baseUrl}/sitemap.xml`, ""];
      c.header("Cache-Control", "public, max-age=3600");
      return c.text(lines.join("\n"));
    })
    .get("/sitemap.xml", (c) => {
      const urls = PUBLIC_PATHS.map(
        (p) => `  <url><loc>${config.baseUrl}${p === "/" ? "/" : p}</loc><lastmod>${lastmod}</lastmod><changefreq>${p === "/" ? "weekly" : "monthly"}</changefreq></url>`,
      ).join("\n");
      c.header("Content-Type", "application/xml; charset=utf-8");
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
    });
}
