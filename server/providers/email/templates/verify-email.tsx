import { defineLinkEmail, type LinkEmailProps } from "./link-email";

export type VerifyEmailProps = LinkEmailProps;

export const verifyEmailTemplate = defineLinkEmail("verify-email", {
  texts: {
    en: {
      subject: "Confirm your Keyshop e-mail",
      preview: "Confirm your e-mail address to finish setting up Keyshop.",
      heading: "Confirm your e-mail",
      body: "Thanks for signing up. Confirm this address to finish setting up your Keyshop account.",
      button: "Confirm e-mail",
      expires: (duration: string) => `This link expires in ${duration}.`,
      ignore: "If you did not create a Keyshop account, you can ignore this e-mail.",
    },
    km: {
      subject: "បញ្ជាក់អ៊ីមែល Keyshop របស់អ្នក",
      preview: "បញ្ជាក់អាសយដ្ឋានអ៊ីមែលរបស់អ្នក ដើម្បីបញ្ចប់ការបង្កើតគណនី Keyshop។",
      heading: "បញ្ជាក់អ៊ីមែលរបស់អ្នក",
      body: "សូមអរគុណសម្រាប់ការចុះឈ្មោះ។ សូមបញ្ជាក់អាសយដ្ឋាននេះ ដើម្បីបញ្ចប់ការបង្កើតគណនី Keyshop របស់អ្នក។",
      button: "បញ្ជាក់អ៊ីមែល",
      expires: (duration: string) => `តំណនេះផុតកំណត់ក្នុងរយៈពេល ${duration}។`,
      ignore: "ប្រសិនបើអ្នកមិនបានបង្កើតគណនី Keyshop ទេ អ្នកអាចមិនអើពើអ៊ីមែលនេះបាន។",
    },
  },
  // The link's default lifetime: better-auth's emailVerification.expiresIn (its default is one hour).
  defaultExpiresInMinutes: 60,
  sampleUrl: "http://localhost:3000/api/auth/verify-email?token=preview",
});
