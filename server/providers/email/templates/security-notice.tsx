import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/**
 * To the account's owner, at once, when something that guards the account changes (issue #26):
 * whoever did it, the owner hears of it in their own mailbox and can act while it matters.
 */
export type SecurityNoticeKind =
  | "two-factor-enabled"
  | "two-factor-disabled"
  | "two-factor-reset"
  | "backup-codes-regenerated"
  | "password-changed"
  | "two-factor-failures"
  | "passkey-added"
  | "passkey-removed";

export interface SecurityNoticeProps {
  kind: SecurityNoticeKind;
  /** When it happened (ISO 8601). */
  at: string;
  /** Where the owner reviews the account's security (Profile). */
  securityUrl: string;
  /** The passkey's name, for passkey notices. */
  passkeyName?: string;
}

type Texts = { subject: string; heading: string; body: string };
type Kinds = Record<SecurityNoticeKind, (p: SecurityNoticeProps) => Texts>;

const KINDS: SecurityNoticeKind[] = ["two-factor-enabled", "two-factor-disabled", "two-factor-reset", "backup-codes-regenerated", "password-changed", "two-factor-failures", "passkey-added", "passkey-removed"];

export const securityNoticeTemplate = defineEmailTemplate("security-notice", {
  texts: {
    en: {
      kinds: {
        "two-factor-enabled": () => ({ subject: "Two-factor authentication was turned on", heading: "Two-factor authentication is on", body: "An authenticator app was set up for your Keyshop account. From now on, signing in needs a code from that app (or a backup code) after the password." }),
        "two-factor-disabled": () => ({ subject: "Two-factor authentication was turned off", heading: "Two-factor authentication is off", body: "The authenticator app and backup codes of your Keyshop account were removed. Signing in now needs only the password." }),
        "two-factor-reset": () => ({ subject: "Your two-factor authentication was reset by the shop", heading: "Your second factor was reset", body: "A Keyshop administrator removed the authenticator app and backup codes of your account and signed it out everywhere. Sign in again; the admin console asks you to set up an authenticator again." }),
        "backup-codes-regenerated": () => ({ subject: "New backup codes were made for your account", heading: "New backup codes", body: "New backup codes were made for your Keyshop account; the old ones no longer work." }),
        "password-changed": () => ({ subject: "Your Keyshop password was changed", heading: "Your password was changed", body: "The password of your Keyshop account was changed, and every session was signed out. Your second factor, if you have one, is unchanged." }),
        "two-factor-failures": () => ({ subject: "Wrong two-factor codes were entered for your account", heading: "Someone is trying to sign in", body: "Several wrong two-factor codes were entered for your Keyshop account after a correct password. Whoever tried knows your password." }),
        "passkey-added": (p) => ({ subject: "A passkey was added to your account", heading: "A passkey was added", body: `A passkey named "${p.passkeyName ?? ""}" was added to your Keyshop account. It can now be used to sign in.` }),
        "passkey-removed": (p) => ({ subject: "A passkey was removed from your account", heading: "A passkey was removed", body: `The passkey named "${p.passkeyName ?? ""}" was removed from your Keyshop account.` }),
      } satisfies Kinds,
      when: (at: string) => `When: ${at}.`,
      notYou: "If this was not you, reset your password now (Sign in → Forgot password) and contact support: someone may be in your mailbox or know your password.",
      failuresAdvice: "If this was not you, reset your password now (Sign in → Forgot password). Your account stays protected by the second factor meanwhile.",
      review: "Review your account's security",
      footer: "Keyshop · A security notice about your account. It is sent for every change, whoever made it.",
    },
    km: {
      kinds: {
        "two-factor-enabled": () => ({ subject: "ការផ្ទៀងផ្ទាត់ពីរជំហានត្រូវបានបើក", heading: "ការផ្ទៀងផ្ទាត់ពីរជំហានបានបើកហើយ", body: "កម្មវិធីផ្ទៀងផ្ទាត់មួយត្រូវបានរៀបចំសម្រាប់គណនី Keyshop របស់អ្នក។ ចាប់ពីពេលនេះ ការចូលគណនីត្រូវការលេខកូដពីកម្មវិធីនោះ (ឬលេខកូដបម្រុង) បន្ទាប់ពីពាក្យសម្ងាត់។" }),
        "two-factor-disabled": () => ({ subject: "ការផ្ទៀងផ្ទាត់ពីរជំហានត្រូវបានបិទ", heading: "ការផ្ទៀងផ្ទាត់ពីរជំហានបានបិទហើយ", body: "កម្មវិធីផ្ទៀងផ្ទាត់ និងលេខកូដបម្រុងនៃគណនី Keyshop របស់អ្នកត្រូវបានដកចេញ។ ឥឡូវនេះ ការចូលគណនីត្រូវការតែពាក្យសម្ងាត់ប៉ុណ្ណោះ។" }),
        "two-factor-reset": () => ({ subject: "ហាងបានកំណត់ការផ្ទៀងផ្ទាត់ពីរជំហានរបស់អ្នកឡើងវិញ", heading: "កត្តាទីពីររបស់អ្នកត្រូវបានកំណត់ឡើងវិញ", body: "អ្នកគ្រប់គ្រង Keyshop បានដកកម្មវិធីផ្ទៀងផ្ទាត់ និងលេខកូដបម្រុងចេញពីគណនីរបស់អ្នក ហើយបានចាកចេញពីគ្រប់ឧបករណ៍។ សូមចូលគណនីម្ដងទៀត។ ផ្ទាំងគ្រប់គ្រងនឹងសុំឱ្យអ្នករៀបចំកម្មវិធីផ្ទៀងផ្ទាត់ម្ដងទៀត។" }),
        "backup-codes-regenerated": () => ({ subject: "លេខកូដបម្រុងថ្មីត្រូវបានបង្កើតសម្រាប់គណនីរបស់អ្នក", heading: "លេខកូដបម្រុងថ្មី", body: "លេខកូដបម្រុងថ្មីត្រូវបានបង្កើតសម្រាប់គណនី Keyshop របស់អ្នក។ លេខកូដចាស់លែងប្រើបានទៀតហើយ។" }),
        "password-changed": () => ({ subject: "ពាក្យសម្ងាត់ Keyshop របស់អ្នកត្រូវបានប្ដូរ", heading: "ពាក្យសម្ងាត់របស់អ្នកត្រូវបានប្ដូរ", body: "ពាក្យសម្ងាត់នៃគណនី Keyshop របស់អ្នកត្រូវបានប្ដូរ ហើយគ្រប់ឧបករណ៍ត្រូវបានចាកចេញ។ កត្តាទីពីររបស់អ្នក (ប្រសិនបើមាន) នៅដដែល។" }),
        "two-factor-failures": () => ({ subject: "លេខកូដផ្ទៀងផ្ទាត់ពីរជំហានខុសត្រូវបានបញ្ចូលសម្រាប់គណនីរបស់អ្នក", heading: "មាននរណាម្នាក់កំពុងព្យាយាមចូលគណនីរបស់អ្នក", body: "លេខកូដផ្ទៀងផ្ទាត់ពីរជំហានខុសជាច្រើនដងត្រូវបានបញ្ចូលសម្រាប់គណនី Keyshop របស់អ្នក បន្ទាប់ពីពាក្យសម្ងាត់ត្រឹមត្រូវ។ អ្នកដែលបានព្យាយាមដឹងពាក្យសម្ងាត់របស់អ្នក។" }),
        "passkey-added": (p) => ({ subject: "Passkey មួយត្រូវបានបន្ថែមទៅគណនីរបស់អ្នក", heading: "Passkey មួយត្រូវបានបន្ថែម", body: `Passkey ឈ្មោះ "${p.passkeyName ?? ""}" ត្រូវបានបន្ថែមទៅគណនី Keyshop របស់អ្នក។ ឥឡូវនេះវាអាចប្រើដើម្បីចូលគណនីបាន។` }),
        "passkey-removed": (p) => ({ subject: "Passkey មួយត្រូវបានដកចេញពីគណនីរបស់អ្នក", heading: "Passkey មួយត្រូវបានដកចេញ", body: `Passkey ឈ្មោះ "${p.passkeyName ?? ""}" ត្រូវបានដកចេញពីគណនី Keyshop របស់អ្នក។` }),
      } satisfies Kinds,
      when: (at: string) => `ពេលវេលា៖ ${at}។`,
      notYou: "ប្រសិនបើមិនមែនជាអ្នកទេ សូមកំណត់ពាក្យសម្ងាត់ឡើងវិញឥឡូវនេះ (ចូលគណនី → ភ្លេចពាក្យសម្ងាត់) ហើយទាក់ទងផ្នែកជំនួយ៖ អាចមាននរណាម្នាក់ចូលក្នុងប្រអប់សំបុត្ររបស់អ្នក ឬដឹងពាក្យសម្ងាត់របស់អ្នក។",
      failuresAdvice: "ប្រសិនបើមិនមែនជាអ្នកទេ សូមកំណត់ពាក្យសម្ងាត់ឡើងវិញឥឡូវនេះ (ចូលគណនី → ភ្លេចពាក្យសម្ងាត់)។ ក្នុងពេលនេះ គណនីរបស់អ្នកនៅតែត្រូវបានការពារដោយកត្តាទីពីរ។",
      review: "ពិនិត្យសុវត្ថិភាពគណនីរបស់អ្នក",
      footer: "Keyshop · សេចក្ដីជូនដំណឹងអំពីសុវត្ថិភាពគណនីរបស់អ្នក។ វាត្រូវបានផ្ញើរាល់ពេលមានការផ្លាស់ប្ដូរ មិនថានរណាជាអ្នកធ្វើទេ។",
    },
  },
  subject: (p: SecurityNoticeProps, c) => c.t.kinds[p.kind](p).subject,
  Component: ({ p, c }) => {
    const texts = c.t.kinds[p.kind](p);
    return (
      <EmailLayout c={c} preview={texts.heading} heading={texts.heading} footer={c.t.footer}>
        <Paragraph>{texts.body}</Paragraph>
        <Paragraph>{c.t.when(c.dateTime(p.at))}</Paragraph>
        <ActionLink c={c} url={p.securityUrl} label={c.t.review} />
        <Note>{p.kind === "two-factor-failures" ? c.t.failuresAdvice : c.t.notYou}</Note>
      </EmailLayout>
    );
  },
  samples: KINDS.map((kind) => ({ kind, at: "2026-11-26T22:40:00.000Z", securityUrl: "http://localhost:3000/profile#two-factor", ...(kind.startsWith("passkey") ? { passkeyName: "My phone" } : {}) })),
});
