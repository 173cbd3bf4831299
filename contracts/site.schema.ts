import { z } from "zod";
import type { SiteConfig } from "./site";

const url = z.url({ protocol: /^https?$/ });
export const SiteConfigSchema: z.ZodType<SiteConfig> = z.object({
  brandName: z.string().min(1),
  siteUrl: url,
  tagline: z.string(),
  supportEmail: z.email(),
  // At least a day (the landing promises it); at most 30, what PayWay refunds.
  refundWindowDays: z.number().int().min(1).max(30),
  seller: z.object({ legalName: z.string().min(1), address: z.array(z.string().min(1)).min(1).max(6), taxId: z.string() }),
  links: z.object({ supportChat: url, communityChat: url, documentation: url, sellerTelegram: url }),
  videos: z.object({ playlistEmbed: url, allPlaylists: url }),
  downloads: z.object({
    emulatorOfficial: url,
    emulatorChinese: url,
    secondEmulatorInstaller: url,
    secondEmulatorImport: url,
    setupTool: url,
  }),
  paymentMethods: z.array(z.object({ id: z.string(), name: z.string(), logo: z.string().startsWith("/") })).length(4),
});
