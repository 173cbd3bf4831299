// Site configuration: brand, seller, links, downloads, payment logos. A deployer edits site.config.json
// (no code); `npm start` notices the change and rebuilds. Read by the web and the server alike.
// Validated by contracts/site.schema.ts (in tests and at server start), not in the browser.
import raw from "../site.config.json";

export interface SiteConfig {
  brandName: string;
  /** Public address used for canonical URLs and the sitemap in prerendered pages. */
  siteUrl: string;
  tagline: string;
  supportEmail: string;
  /**
   * The money-back guarantee: days after payment a customer may ask for a refund. The one setting
   * of the refund policy (decision 054): the landing (prerendered), the subscription tool, the
   * buy-key e-mails and the refund rules all read it.
   */
  refundWindowDays: number;
  /** Who sells: printed on payment receipts (e-mail and PDF) with supportEmail and siteUrl. */
  seller: {
    /** The registered name of the business. */
    legalName: string;
    /** Postal address, one line each. */
    address: string[];
    /** Tax identification number (VATTIN), printed when not empty. */
    taxId: string;
  };
  links: { supportChat: string; communityChat: string; documentation: string; sellerTelegram: string };
  videos: { playlistEmbed: string; allPlaylists: string };
  downloads: {
    emulatorOfficial: string;
    emulatorChinese: string;
    secondEmulatorInstaller: string;
    secondEmulatorImport: string;
    setupTool: string;
  };
  paymentMethods: Array<{ id: string; name: string; logo: string }>;
}

export const SITE: SiteConfig = raw;
