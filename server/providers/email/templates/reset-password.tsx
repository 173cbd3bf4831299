import { defineLinkEmail, type LinkEmailProps } from "./link-email";

export type ResetPasswordProps = LinkEmailProps;

export const resetPasswordTemplate = defineLinkEmail("reset-password", {
  texts: {
    en: {
      subject: "Reset your Keyshop password",
      preview: "Choose a new password for your Keyshop account.",
      heading: "Reset your password",
      body: "We received a request to reset the password of your Keyshop account. Choose a new one here:",
      button: "Reset password",
      expires: (duration: string) => `This link expires in ${duration} and works once.`,
      ignore: "If you did not ask for this, ignore this e-mail: your password stays the same.",
    },
    km: {
      subject: "កំណត់ពាក្យសម្ងាត់ Keyshop របស់អ្នកឡើងវិញ",
      preview: "ជ្រើសរើសពាក្យសម្ងាត់ថ្មីសម្រាប់គណនី Keyshop របស់អ្នក។",
      heading: "កំណត់ពាក្យសម្ងាត់របស់អ្នកឡើងវិញ",
      body: "យើងបានទទួលសំណើឱ្យកំណត់ពាក្យសម្ងាត់នៃគណនី Keyshop របស់អ្នកឡើងវិញ។ សូមជ្រើសរើសពាក្យសម្ងាត់ថ្មីនៅទីនេះ៖",
      button: "កំណត់ពាក្យសម្ងាត់ឡើងវិញ",
      expires: (duration: string) => `តំណនេះផុតកំណត់ក្នុងរយៈពេល ${duration} ហើយប្រើបានតែម្ដងប៉ុណ្ណោះ។`,
      ignore: "ប្រសិនបើអ្នកមិនបានស្នើសុំទេ សូមមិនអើពើអ៊ីមែលនេះ៖ ពាក្យសម្ងាត់របស់អ្នកនៅដដែល។",
    },
  },
  // The link's default lifetime: better-auth's resetPasswordTokenExpiresIn (its default is one hour).
  defaultExpiresInMinutes: 60,
  sampleUrl: "http://localhost:3000/reset-password?token=preview",
});
