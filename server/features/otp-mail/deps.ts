import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { AccountEventNotifier } from "../events/notifier";
import { createLocalInbox } from "../../providers/mail-supplier/local-inbox";
import type { MailSupplier } from "../../providers/mail-supplier/types";
import { createUpstreamSupplier } from "../../providers/mail-supplier/upstream";
import type { OtpMailDeps } from "./service";

function createSupplier(config: Config, db: Db): MailSupplier {
  const supplier = config.otpMail.supplier;
  if (supplier.kind === "upstream") {
    return createUpstreamSupplier({ baseUrl: supplier.url, token: supplier.token, mailType: supplier.mailType });
  }
  return createLocalInbox({ db, domain: config.otpMail.domain });
}

/** The configured supplier (OTP_SUPPLIER) and prices. The local inbox is the embedded default. */
export function createOtpMailDeps(config: Config, db: Db, logger?: Logger): OtpMailDeps & { accountEvents: AccountEventNotifier } {
  return {
    db,
    supplier: createSupplier(config, db),
    priceMills: config.otpMail.priceMills,
    costMills: config.otpMail.costMills,
    lifetimeMinutes: config.otpMail.lifetimeMinutes,
    services: config.otpMail.services,
    messageRetentionHours: config.otpMail.messageRetentionHours,
    logger,
    balanceLowMills: config.notifications.balanceLowMills,
    // A purchase's live-stream events leave its transaction (decision 048); close() sends what is pending.
    accountEvents: new AccountEventNotifier(db, { onError: (err) => logger?.warn({ err }, "account events not sent") }),
  };
}
