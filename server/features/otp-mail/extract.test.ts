import { describe, expect, it } from "vitest";
import { collectCodes, extractCodes, FACEBOOK, htmlToText, senderAllowed, senderDomain, SITE_PROFILES, siteProfile } from "./extract";

const fb = "Facebook <security@facebookmail.com>";
const footer = "Meta Platforms, Inc., Attention: Community Support, 1 Meta Way, Menlo Park, CA 94025";

describe("Facebook code extraction", () => {
  it("takes FB-12345 from the subject first", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "FB-48213 is your Facebook confirmation code", text: `Hi, ${footer}` })).toEqual(["48213"]);
  });

  it("finds the code in a plain body near a code word and skips the 94025 postcode", () => {
    const text = `Hi Dara,\nWe received a request to create an account.\nEnter this confirmation code: 73920\n\n${footer}`;
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Confirm your account", text })).toEqual(["73920"]);
  });

  it("reads an HTML body whose code is split across spans, without inventing digits from entities", () => {
    const html = `<html><head><style>.x{color:#123456}</style></head><body><p>Your security code is</p>
      <p><span>58</span><span>1</span><span>07</span></p><p>&#99999999; ${footer}</p></body></html>`;
    expect(htmlToText(html)).toContain("58107");
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Your Facebook code", text: "", html })).toEqual(["58107"]);
  });

  it("ignores mail from other senders (the display name alone proves nothing)", () => {
    expect(extractCodes(FACEBOOK, { from: "Facebook <noreply@phish.example>", subject: "FB-11111 is your code", text: "code 11111" })).toEqual([]);
    expect(extractCodes(FACEBOOK, { from: "notify@mail.facebook.com", subject: "FB-22222", text: "" })).toEqual(["22222"]);
  });

  it("finds nothing in a mail without a code", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Welcome to Facebook", text: `Thanks for joining. ${footer}` })).toEqual([]);
  });

  it("keeps every code since the purchase, oldest first and the latest last; older mail is ignored", () => {
    const since = new Date("2026-11-22T10:00:00Z");
    const at = (m: number) => new Date(since.getTime() + m * 60_000);
    const codes = collectCodes(
      FACEBOOK,
      [
        { from: fb, subject: "FB-33333 is your code", text: "", receivedAt: at(5) },
        { from: fb, subject: "FB-99999 is your code", text: "", receivedAt: at(-10) }, // before the purchase
        { from: fb, subject: "FB-22222 is your code", text: "", receivedAt: at(1) },
        { from: fb, subject: "FB-22222 is your code", text: "", receivedAt: at(7) }, // resent: now current
      ],
      since,
    );
    expect(codes).toEqual(["33333", "22222"]);
    expect(codes.join(",")).toBe("33333,22222");
  });
});

describe("site profiles", () => {
  it("are keyed by service id, Facebook being the default export", () => {
    expect(Object.keys(SITE_PROFILES).sort()).toEqual(["facebook", "google", "instagram", "telegram", "tiktok"]);
    expect(SITE_PROFILES.facebook).toBe(FACEBOOK);
    expect(siteProfile("instagram")).toBe(SITE_PROFILES.instagram);
    expect(siteProfile("toString")).toBeUndefined();
  });

  it("accept each site's own sender domains and their subdomains, nothing that only looks like them", () => {
    const ok: Array<[keyof typeof SITE_PROFILES, string]> = [
      ["facebook", "Facebook <security@facebookmail.com>"],
      ["facebook", "notify@mail.facebook.com"],
      ["instagram", "Instagram <security@mail.instagram.com>"],
      ["instagram", "Instagram <no-reply@facebookmail.com>"],
      ["tiktok", "TikTok <register@account.tiktok.com>"],
      ["tiktok", "TikTok <noreply@tiktok.com>"],
      ["google", "Google <no-reply@accounts.google.com>"],
      ["telegram", "Telegram <no-reply@telegram.org>"],
    ];
    for (const [id, from] of ok) expect(senderAllowed(SITE_PROFILES[id], from), from).toBe(true);
    const bad: Array<[keyof typeof SITE_PROFILES, string]> = [
      ["facebook", "Facebook <security@facebookmail.com.login-check.net>"],
      ["facebook", '"security@facebookmail.com" <alerts@evil.example>'],
      ["facebook", "security@evilfacebookmail.com"],
      ["facebook", "Instagram <security@mail.instagram.com>"],
      ["instagram", "Instagram <security@instagram-mail.com>"],
      ["tiktok", "TikTok <register@tiktok-verify.net>"],
      ["google", "Google <no-reply@accounts.google.com.secure-login.top>"],
      ["telegram", "Telegram <login@telegram-support.org>"],
      ["telegram", "Telegram"],
    ];
    for (const [id, from] of bad) expect(senderAllowed(SITE_PROFILES[id], from), from).toBe(false);
    expect(senderDomain("Facebook <Security@FacebookMail.com.>")).toBe("facebookmail.com");
  });

  it("use each site's code length and footer postcode", () => {
    const mail = (from: string, text: string) => ({ from, subject: "", text });
    expect(extractCodes(SITE_PROFILES.tiktok, mail("register@account.tiktok.com", "To verify your account, enter this code in TikTok:\n\n742019\n\nTikTok Inc., 5800 Bristol Parkway, Suite 100, Culver City, CA 90230"))).toEqual(["742019"]);
    expect(extractCodes(SITE_PROFILES.tiktok, mail("register@account.tiktok.com", "Your code is 74201"))).toEqual([]); // TikTok codes have 6 digits
    expect(extractCodes(SITE_PROFILES.google, mail("no-reply@accounts.google.com", "G-583920 is your Google verification code. Google LLC, Mountain View, CA 94043"))).toEqual(["583920"]);
    expect(extractCodes(SITE_PROFILES.telegram, mail("no-reply@telegram.org", "Your login code:\n\n52817\n\nDo not give it to anyone."))).toEqual(["52817"]);
    expect(extractCodes(SITE_PROFILES.instagram, { from: "security@mail.instagram.com", subject: "418305 is your Instagram code", text: "" })).toEqual(["418305"]);
  });
});

describe("codes in any language, found by the message's structure", () => {
  it("finds a code alone in its own emphasised block even when no word around it is known", () => {
    const html = `<p>Habari Juma, tafadhali weka nambari hii:</p><table><tr><td style="font-size:17px;font-weight:700">35027</td></tr></table><p>Asante. ${footer}</p>`;
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Thibitisha akaunti yako", text: "", html })).toEqual(["35027"]);
  });

  it("reads native digits: Khmer, Thai, Arabic-Indic, Persian, Devanagari, full-width", () => {
    const cases: Array<[string, string]> = [
      ["លេខកូដ​របស់​អ្នក​គឺ ៥៥២០៧១", "552071"],
      ["รหัสของคุณคือ ๔๘๒๑๓", "48213"],
      ["رمز التأكيد الخاص بك هو ٣٩١٧٤", "39174"],
      ["کد تأیید شما: ۵۷۲۰۸", "57208"],
      ["आपका कोड है ५१३८६", "51386"],
      ["你的確認碼是 ７２０４９", "72049"],
    ];
    for (const [text, code] of cases) expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text }), text).toEqual([code]);
  });

  it("takes the new code over the expired one, in every language", () => {
    const cases = [
      "Code 135791 has expired, your new code is 246810",
      "El código 135791 ha caducado. Tu nuevo código es 246810",
      "O código 135791 expirou. Seu novo código é 246810",
      "Le code 135791 a expiré. Votre nouveau code est 246810",
      "Mã 135791 đã hết hạn. Mã mới của bạn là 246810",
      "รหัส 135791 หมดอายุแล้ว รหัสใหม่ของคุณคือ 246810",
      "លេខកូដ ១៣៥៧៩១ បានផុតកំណត់ហើយ។ លេខកូដថ្មីរបស់អ្នកគឺ ២៤៦៨១០",
      "Kode 135791 telah kedaluwarsa. Kode baru Anda adalah 246810",
      "Код 135791 истёк. Ваш новый код: 246810",
      "验证码 135791 已过期，新的验证码是 246810",
      "الرمز 135791 انتهت صلاحيته. الرمز الجديد هو 246810",
      "कोड 135791 समाप्त हो गया. आपका नया कोड 246810 है",
      // previous code named after the new one
      "Your new code is 246810. The previous code 135791 no longer works.",
    ];
    for (const text of cases) expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text }), text).toEqual(["246810"]);
  });

  it("does not take a code that merely expires later ('expires in 10 minutes')", () => {
    for (const text of ["Your code is 48213. It expires in 10 minutes.", "Mã của bạn là 48213, sẽ hết hạn sau 10 phút", "รหัสของคุณคือ 48213 จะหมดอายุใน 10 นาที"]) {
      expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text }), text).toEqual(["48213"]);
    }
  });

  it("when several codes carry the same evidence, the one the message shows last wins", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text: "Code:\n11111\n\nCode:\n22222\n" })).toEqual(["22222"]);
  });

  it("prefers fresh text over quoted earlier mail", () => {
    const text = "Your code is 22222\n\nOn Mon, Facebook wrote:\n> Your code is 11111\n";
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Re: Facebook", text })).toEqual(["22222"]);
  });

  it("reads codes split by spaces or inline tags when they stand where a code is expected", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text: "Enter this code:\n482 913\n" })).toEqual(["482913"]);
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text: "", html: '<div style="font-size:32px;letter-spacing:6px"><span>4</span><span>8</span><span>2</span><span>9</span><span>1</span><span>3</span></div>' })).toEqual(["482913"]);
    // the same spaced digits inside a sentence, with no code word, are just numbers
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text: "We have 482 913 members near you" })).toEqual([]);
  });

  it("never takes dates, times, phone numbers, amounts, years, references, postcodes or link digits", () => {
    const traps = [
      "Your code: 2026-11-24", "Your code: 24/11/2026", "Your code: 24.11.2026 10:42", "Your code: 20261124", "© 2026",
      "Your code: +855 12 345 678", "Your code: (012) 345-678", "Hotline 1900 1234", "Call +91 98765 43210",
      "Your code: $12.99", "Total 1,000", "Giá 12 000 ៛", "Giá 99.000đ", "Rp 150.000", "250000 ៛", "₱1,299.00", "R$ 49,90",
      "Order #48213579", "Ref: 88213456", "Mã đơn hàng: 20261124", "Invoice number: 48213", "Заказ № 60729", "订单号 46190",
      `${footer}`, "Culver City, CA 90230", "https://www.facebook.com/confirmemail.php?c=48213&u=100089234567812",
      "ZIP code 10001", "รหัสไปรษณีย์ 10110", "kode pos 12190",
    ];
    for (const text of traps) {
      expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text: `${text}\n` }), text).toEqual([]);
      const html = `<table><tr><td style="font-size:28px;font-weight:bold">${text}</td></tr></table>`;
      expect(extractCodes(FACEBOOK, { from: fb, subject: "Facebook", text: "", html }), `html: ${text}`).toEqual([]);
    }
  });

  it("picks the code out of a message full of look-alikes", () => {
    const text = [
      "Your ad payment of $12.99 (receipt #40219873) was processed on 2026-11-24 at 09:15.",
      "Invoice number: 88213456. Questions? Call +1 650-543-4800.",
      "Enter this security code:",
      "",
      "  40731866",
      "",
      "https://www.facebook.com/hacked?ref=20261124&n=88213456",
      footer,
    ].join("\n");
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Your Facebook security code", text })).toEqual(["40731866"]);
  });
});

describe("htmlToText", () => {
  it("drops head, style and script, breaks lines at blocks, joins inline tags and decodes entities", () => {
    const html = `<html><head><title>FB 12345</title><style>p{}</style></head><body><script>var x = 99999;</script><div>Hi&nbsp;Dara</div><p>Code: <span>4</span><b>8213</b></p><p>&lt;ok&gt; &#x1F600; &#xD800;</p></body></html>`;
    const text = htmlToText(html);
    expect(text).not.toContain("12345");
    expect(text).not.toContain("99999");
    expect(text.trim().split("\n")).toEqual(["Hi Dara", "Code: 48213", "<ok> 😀"]); // spaces of any kind collapse to one
  });

  it("keeps the body of a mail whose <head> is never closed", () => {
    expect(htmlToText("<html><head><meta charset=utf-8><title>x</title><body><p>Code 48213</p></body></html>").trim()).toBe("Code 48213");
  });
});

describe("a code in a language we have no words for (#30 item 4)", () => {
  const tg = "Telegram <noreply@telegram.org>";
  it("one number of the code's shape, inline, is the code (Swahili, Amharic, Georgian with native or ASCII digits)", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Karibu", text: `Habari Juma, tafadhali tumia 482913 kukamilisha usajili wako. Inaisha baada ya dakika 10.\n${footer}` })).toEqual(["482913"]);
    expect(extractCodes(SITE_PROFILES.telegram, { from: tg, subject: "Telegram", text: "ሰላም፣ ለመግባት 62051 ያስገቡ። ይህንን ለማንም አያጋሩ።" })).toEqual(["62051"]);
    expect(extractCodes(SITE_PROFILES.telegram, { from: tg, subject: "Telegram", text: "გამარჯობა, შესასვლელად შეიყვანეთ 73104. ნუ გაუზიარებთ მას სხვას." })).toEqual(["73104"]);
  });

  it("two such numbers inline, with nothing to tell them apart: no code (the whole message stays readable)", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Karibu", text: `Tumia 482913 au 551207 kukamilisha usajili wako.\n${footer}` })).toEqual([]);
  });

  it("the only number is a postcode by a place name, or in the footer: no code", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Karibu", text: "Watu wengi wa Phnom Penh 12000 wako hapa tayari." })).toEqual([]);
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Karibu", text: "Asante.\nOfisi yetu: Mtaa wa Uhuru, Dar es Salaam 11101, Tanzania" })).toEqual([]);
    expect(extractCodes(SITE_PROFILES.tiktok, { from: "TikTok <no-reply@account.tiktok.com>", subject: "Karibu", text: "Asante.\nTikTok Pte. Ltd., 1 Raffles Quay, Singapore 048584" })).toEqual([]);
  });

  it("the only number said to be expired is not the code, in a language we know", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Code", text: `Der Code 482913 ist abgelaufen. Fordere einen neuen an.\n${footer}` })).toEqual([]);
  });
});
