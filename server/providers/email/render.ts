// Renders a Keyshop e-mail to subject, HTML and plain text, in a language and the shop's time
// zone. The registry below is the only list of templates: a new e-mail (buy key, receipt) is one
// file in templates/ plus one line here, and EmailTemplateInput grows with it.
import { createElement } from "react";
import { render } from "@react-email/render";
import { DEFAULT_SHOP_TIME_ZONE } from "../../../contracts/dates";
import { DEFAULT_LANGUAGE, type Language } from "../../../contracts/languages";
import { mailContext, type EmailTemplate } from "./templates/define-template";
import { checkoutAbandonedTemplate } from "./templates/checkout-abandoned";
import { licenseExpiringTemplate } from "./templates/licence-expiring";
import { licenseExtendedTemplate } from "./templates/license-extended";
import { licenseExtendedByOtherTemplate } from "./templates/license-extended-by-other";
import { licenseGiftReceiptTemplate } from "./templates/license-gift-receipt";
import { licenseDeviceReleasedTemplate } from "./templates/license-device-released";
import { buyKeyEmailTemplate } from "./templates/license-key";
import { licenseResumedTemplate } from "./templates/license-resumed";
import { licenseRevokedTemplate } from "./templates/license-revoked";
import { licenseSupportExtendedTemplate } from "./templates/license-support-extended";
import { licenseSuspendedTemplate } from "./templates/license-suspended";
import { magicLinkTemplate } from "./templates/magic-link";
import { ownerAlertTemplate } from "./templates/owner-alert";
import { paymentReceiptTemplate } from "./templates/payment-receipt";
import { refundMadeTemplate } from "./templates/refund-made";
import { refundRequestDeclinedTemplate } from "./templates/refund-request-declined";
import { bulkLicensesTemplate } from "./templates/bulk-licenses";
import { refundRequestReceivedTemplate } from "./templates/refund-request-received";
import { resetPasswordTemplate } from "./templates/reset-password";
import { securityNoticeTemplate } from "./templates/security-notice";
import { signInCodeTemplate } from "./templates/sign-in-code";
import { verifyEmailTemplate } from "./templates/verify-email";

const templates = {
  "verify-email": verifyEmailTemplate,
  "reset-password": resetPasswordTemplate,
  "magic-link": magicLinkTemplate,
  "sign-in-code": signInCodeTemplate,
  // To the owner when what guards the account changes (issue #26).
  "security-notice": securityNoticeTemplate,
  // The buy key e-mail; its id "license-key" is stored with every queued e-mail, so it stays.
  "license-key": buyKeyEmailTemplate,
  "license-extended": licenseExtendedTemplate,
  "license-gift-receipt": licenseGiftReceiptTemplate,
  // A reseller's bulk order: every buy key (decision 080).
  "bulk-licenses": bulkLicensesTemplate,
  "license-extended-by-other": licenseExtendedByOtherTemplate,
  "payment-receipt": paymentReceiptTemplate,
  "refund-made": refundMadeTemplate,
  "refund-request-received": refundRequestReceivedTemplate,
  "refund-request-declined": refundRequestDeclinedTemplate,
  // After an admin's licence action (features/licenses/admin-actions.ts).
  "license-support-extended": licenseSupportExtendedTemplate,
  "license-suspended": licenseSuspendedTemplate,
  "license-resumed": licenseResumedTemplate,
  "license-revoked": licenseRevokedTemplate,
  "license-device-released": licenseDeviceReleasedTemplate,
  // Renewals and recoveries (features/renewals, decision 026).
  "licence-expiring": licenseExpiringTemplate,
  "checkout-abandoned": checkoutAbandonedTemplate,
  // To the shop's owner when an incident opens and when it clears (features/health, decision 064).
  "owner-alert": ownerAlertTemplate,
};

type Templates = typeof templates;
export type EmailTemplateName = keyof Templates;
export type EmailTemplateProps<Name extends EmailTemplateName> = Templates[Name] extends EmailTemplate<infer Props, infer _T> ? Props : never;

/** { template: "verify-email"; props: { url } } | { template: "sign-in-code"; props: { code, purpose } } | … */
export type EmailTemplateInput = {
  [Name in EmailTemplateName]: { template: Name; props: EmailTemplateProps<Name> };
}[EmailTemplateName];

/** Every template with its sample props (one per variant): for the tests that render them all. */
export function emailSamples(): EmailTemplateInput[] {
  return (Object.entries(templates) as Array<[EmailTemplateName, EmailTemplate<unknown, unknown>]>).flatMap(([template, t]) =>
    t.samples.map((props) => ({ template, props }) as EmailTemplateInput),
  );
}

// html-to-text shouts headings in capitals by default; keep them as written.
const htmlToTextOptions = { selectors: [{ selector: "h1", options: { uppercase: false } }] };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderOptions {
  /** The recipient's language (English when not given). */
  language?: Language;
  /** The shop's time zone (SHOP_TIME_ZONE): the e-mail's dates are in it. */
  timeZone?: string;
}

export async function renderEmail(input: EmailTemplateInput, { language = DEFAULT_LANGUAGE, timeZone = DEFAULT_SHOP_TIME_ZONE }: RenderOptions = {}): Promise<RenderedEmail> {
  // TypeScript cannot relate input.template to input.props across the union; the union type above guarantees it.
  const template = templates[input.template] as EmailTemplate<typeof input.props, unknown>;
  const c = mailContext(template.texts, language, timeZone);
  const element = createElement(template.Component, { p: input.props, c });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions })]);
  return { subject: template.subject(input.props, c), html, text };
}
