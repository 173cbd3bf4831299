// Shared data for the extraction tests (digit systems, words in our languages, distractors).
// Not imported by production code.

/** The zero of decimal digit systems our customers' mail may use, and a few more. */
export const DIGIT_ZEROS: Record<string, number> = {
  ascii: 0x30,
  arabicIndic: 0x660,
  persian: 0x6f0, // Extended Arabic-Indic
  nko: 0x7c0,
  devanagari: 0x966,
  bengali: 0x9e6,
  gurmukhi: 0xa66,
  gujarati: 0xae6,
  oriya: 0xb66,
  tamil: 0xbe6,
  telugu: 0xc66,
  kannada: 0xce6,
  malayalam: 0xd66,
  sinhala: 0xde6,
  thai: 0xe50,
  lao: 0xed0,
  tibetan: 0xf20,
  myanmar: 0x1040,
  myanmarShan: 0x1090,
  khmer: 0x17e0,
  mongolian: 0x1810,
  newTaiLue: 0x19d0,
  balinese: 0x1b50,
  javanese: 0xa9d0,
  fullWidth: 0xff10,
  osmanya: 0x104a0, // outside the BMP: two UTF-16 units per digit
  mathBold: 0x1d7ce,
  mathMonospace: 0x1d7f6,
};

/** ASCII digits rewritten in the digit system whose zero is given. */
export const inScript = (ascii: string, zero: number) => ascii.replace(/\d/g, (d) => String.fromCodePoint(zero + Number(d)));

/** "Your code is" in the languages we support (the code follows). */
export const CODE_BEFORE: Record<string, string[]> = {
  en: ["Your code is", "Your confirmation code:", "Enter this security code"],
  km: ["លេខកូដ​របស់​អ្នក​គឺ", "លេខកូដ​បញ្ជាក់៖"],
  vi: ["Mã xác nhận của bạn là", "Mã bảo mật:"],
  th: ["รหัสของคุณคือ", "รหัสยืนยัน:"],
  id: ["Kode Anda adalah", "Kode konfirmasi:"],
  fil: ["Ang iyong kodigo ay", "Ang iyong code:"],
  es: ["Tu código es", "Código de confirmación:"],
  pt: ["Seu código é", "Código de confirmação:"],
  fr: ["Votre code est", "Code de confirmation :"],
  ar: ["رمزك هو", "رمز التأكيد:"],
  ru: ["Ваш код:", "Код подтверждения:"],
  zh: ["您的验证码是", "你的確認碼是", "代码："],
  hi: ["आपका कोड है", "पुष्टिकरण कोड:"],
};

/** "… is your code" (the code comes first). */
export const CODE_AFTER: Record<string, string[]> = {
  en: ["is your Facebook code"],
  km: ["គឺ​ជា​លេខកូដ​របស់​អ្នក"],
  vi: ["là mã của bạn"],
  th: ["คือรหัสของคุณ"],
  id: ["adalah kode Anda"],
  es: ["es tu código"],
  pt: ["é seu código"],
  fr: ["est votre code"],
  ar: ["هو رمزك"],
  ru: ["— ваш код"],
  zh: ["是你的验证码"],
  hi: ["आपका कोड है"],
};

/** Ordinary words of mail in our languages: no digits and no word the extractor reacts to. */
export const FILLER = [
  "Hi", "Dara", "Facebook", "account", "please", "thanks", "security", "team", "help", "Meta", "email", "sign up",
  "សួស្តី", "គណនី", "សូមអរគុណ", "xin chào", "tài khoản", "cảm ơn", "สวัสดี", "บัญชี", "ขอบคุณ",
  "akun", "terima kasih", "salamat", "cuenta", "gracias", "conta", "obrigado", "compte", "merci",
  "حساب", "شكرا", "аккаунт", "спасибо", "帐户", "谢谢", "खाता", "धन्यवाद",
];
