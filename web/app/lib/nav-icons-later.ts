// The icons of menu entries a customer's sidebar never shows (admin and reseller pages): they load
// with the first sidebar that shows one (lib/nav.ts), not with every customer's first load (eleven
// icons, about 2 KB brotli; issue #28 item 5, decision 084).
import {
  BanknoteIcon,
  BoxesIcon,
  LayoutDashboardIcon,
  MailCheckIcon,
  ReceiptTextIcon,
  ScrollTextIcon,
  TagsIcon,
  TicketPercentIcon,
  UserCogIcon,
  WalletIcon,
  WebhookIcon,
  type LucideIcon,
} from "lucide-react";

/** By menu key; lib/nav.ts checks at compile time that these are exactly the entries customers never see. */
export const LATER_ICONS = {
  overview: LayoutDashboardIcon,
  reseller: BoxesIcon,
  transactionsHistory: ReceiptTextIcon,
  transactionsGmail: MailCheckIcon,
  otpGmail: WalletIcon,
  userManagement: UserCogIcon,
  manageBalance: BanknoteIcon,
  auditLog: ScrollTextIcon,
  webhooks: WebhookIcon,
  catalogue: TagsIcon,
  discounts: TicketPercentIcon,
} satisfies Record<string, LucideIcon>;

export type LaterMenuKey = keyof typeof LATER_ICONS;
