import { defineEmailTemplate } from "./define-template";
import { CodeBox, EmailLayout, Note, Paragraph } from "./layout";

/** better-auth's e-mail OTP types; "change-email" included so its callback can pass `type` straight through. */
export type SignInCodePurpose = "sign-in" | "email-verification" | "forget-password" | "change-email";

export interface SignInCodeProps {
  code: string;
  purpose: SignInCodePurpose;
  /** The e-mail OTP plugin's expiresIn, in minutes (its default is five minutes). */
  expiresInMinutes?: number;
}

type Purposes = Record<SignInCodePurpose, { heading: string; intro: string }>;

export const signInCodeTemplate = defineEmailTemplate("sign-in-code", {
  texts: {
    en: {
      subject: (code: string) => `Your Keyshop code: ${code}`,
      preview: (heading: string, code: string) => `${heading}: ${code}`,
      purposes: {
        "sign-in": { heading: "Your sign-in code", intro: "Enter this code to sign in to Keyshop:" },
        "email-verification": { heading: "Confirm your e-mail", intro: "Enter this code to confirm your e-mail address:" },
        "forget-password": { heading: "Reset your password", intro: "Enter this code to choose a new Keyshop password:" },
        "change-email": { heading: "Confirm your new e-mail", intro: "Enter this code to confirm your new e-mail address:" },
      } satisfies Purposes,
      expires: (duration: string) => `The code expires in ${duration}. Never share it: Keyshop will not ask you for it.`,
      ignore: "If you did not request it, you can ignore this e-mail.",
    },
    km: {
      subject: (code: string) => `លេខកូដ Keyshop របស់អ្នក៖ ${code}`,
      preview: (heading: string, code: string) => `${heading}៖ ${code}`,
      purposes: {
        "sign-in": { heading: "លេខកូដចូលគណនីរបស់អ្នក", intro: "បញ្ចូលលេខកូដនេះ ដើម្បីចូលគណនី Keyshop៖" },
        "email-verification": { heading: "បញ្ជាក់អ៊ីមែលរបស់អ្នក", intro: "បញ្ចូលលេខកូដនេះ ដើម្បីបញ្ជាក់អាសយដ្ឋានអ៊ីមែលរបស់អ្នក៖" },
        "forget-password": { heading: "កំណត់ពាក្យសម្ងាត់របស់អ្នកឡើងវិញ", intro: "បញ្ចូលលេខកូដនេះ ដើម្បីជ្រើសរើសពាក្យសម្ងាត់ Keyshop ថ្មី៖" },
        "change-email": { heading: "បញ្ជាក់អ៊ីមែលថ្មីរបស់អ្នក", intro: "បញ្ចូលលេខកូដនេះ ដើម្បីបញ្ជាក់អាសយដ្ឋានអ៊ីមែលថ្មីរបស់អ្នក៖" },
      } satisfies Purposes,
      expires: (duration: string) => `លេខកូដនេះផុតកំណត់ក្នុងរយៈពេល ${duration}។ កុំចែករំលែកវាជាមួយនរណាម្នាក់៖ Keyshop មិនដែលសុំវាពីអ្នកទេ។`,
      ignore: "ប្រសិនបើអ្នកមិនបានស្នើសុំវាទេ អ្នកអាចមិនអើពើអ៊ីមែលនេះបាន។",
    },
  },
  subject: (p: SignInCodeProps, c) => c.t.subject(p.code),
  Component: ({ p, c }) => {
    const { heading, intro } = c.t.purposes[p.purpose];
    return (
      <EmailLayout c={c} preview={c.t.preview(heading, p.code)} heading={heading}>
        <Paragraph>{intro}</Paragraph>
        <CodeBox code={p.code} />
        <Note>{c.t.expires(c.common.duration(p.expiresInMinutes ?? 5))}</Note>
        <Note>{c.t.ignore}</Note>
      </EmailLayout>
    );
  },
  samples: (["sign-in", "email-verification", "forget-password", "change-email"] as const).map((purpose) => ({ code: "123456", purpose })),
});
