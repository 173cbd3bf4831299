import { defineLinkEmail, type LinkEmailProps } from "./link-email";

export type MagicLinkProps = LinkEmailProps;

export const magicLinkTemplate = defineLinkEmail("magic-link", {
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
  // The link's default lifetime: the magic-link plugin's expiresIn (its default is five minutes).
  defaultExpiresInMinutes: 5,
  sampleUrl: "http://localhost:3000/api/auth/magic-link/verify?token=preview",
});
