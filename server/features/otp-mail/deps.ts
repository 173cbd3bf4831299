import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createLocalInbox } from "../../providers/mail-supplier/local-inbox";
import type { OtpMailDeps } from "./service";

/** The configured supplier and prices. The local inbox is the embedded default. */
export function createOtpMailDeps(config: Config, db: Db): OtpMailDeps {
  return {
    db,
    supplier: createLocalInbox({ db, domain: config.otpMail.domain }),
    priceMills: config.otpMail.priceMills,
    costMills: config.otpMail.costMills,
    lifetimeMinutes: config.otpMail.lifetimeMinutes,
  };
}
