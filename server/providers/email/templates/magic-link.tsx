import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

export interface MagicLinkProps {
  url: string;
  /** The magic-link plugin's expiresIn, in minutes (its default is five minutes). */
  expiresInMinutes?: number;
}

export const magicLinkTemplate = defineEmailTemplate("magic-link", {
  texts: {
    en: {
      subject: "Your Keyshop sign-in link",
      preview: "Your one-click sign-in link for Keyshop.",
      heading: "Sign in to Keyshop",
      body: "Use this link to sign in. No password needed.",
      button: "Sign in",
      expires: (duration: string) => `This link expires in ${duration} and works once.`,
      ignore: "If you did not try to sign in, you can ignore this e-mail.",
    },
    km: {
      subject: "តំណចូលគណនី Keyshop របស់អ្នក",
      preview: "តំណសម្រាប់ចូលគណនី Keyshop ដោយចុចតែម្ដង។",
      heading: "ចូលគណនី Keyshop",
      body: "ប្រើតំណនេះដើម្បីចូលគណនី។ មិនចាំបាច់មានពាក្យសម្ងាត់ទេ។",
      button: "ចូលគណនី",
      expires: (duration: string) => `តំណនេះផុតកំណត់ក្នុងរយៈពេល ${duration} ហើយប្រើបានតែម្ដងប៉ុណ្ណោះ។`,
      ignore: "ប្រសិនបើអ្នកមិនបានព្យាយាមចូលគណនីទេ អ្នកអាចមិនអើពើអ៊ីមែលនេះបាន។",
    },
  },
  subject: (_p: MagicLinkProps, c) => c.t.subject,
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.preview} heading={c.t.heading}>
      <Paragraph>{c.t.body}</Paragraph>
      <ActionLink c={c} url={p.url} label={c.t.button} />
      <Note>{c.t.expires(c.common.duration(p.expiresInMinutes ?? 5))}</Note>
      <Note>{c.t.ignore}</Note>
    </EmailLayout>
  ),
  samples: [{ url: "http://localhost:3000/api/auth/magic-link/verify?token=preview" }],
});
