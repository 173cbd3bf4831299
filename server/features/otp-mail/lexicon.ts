// Words that help decide which number in a message is the one-time code, in the languages our
// customers' accounts use. They are a SECONDARY signal: the structure of the message (a number alone
// on its line or in its own emphasised block, the subject, the site's FB- prefix) must find the code
// even when a translation uses a word that is missing here. Negative words (order, phone, postcode…)
// and currency marks are what keep look-alike numbers out, so they matter more than the code words.
//
// Each entry is a regex source. Entries written in a script that separates words with spaces (Latin,
// Cyrillic, Greek) get a left word boundary, so "code" does not fire inside "barcode"; a trailing "~"
// asks for a right boundary too (Vietnamese "mã" must not match "mãi"). Thai, Khmer, Lao, Chinese…
// do not put spaces between words, so their entries match anywhere.

export type Cue = "code" | "new" | "stale" | "label";

/** Words that name a one-time code (code, confirmation, verification…). */
const CODE_WORDS = [
  // English, French, Filipino (borrowed), German compounds
  "code", "codes", "passcode", "otp", "pin~", "one-time", "verification", "confirmation", "(?:bestätigungs|sicherheits|anmelde)code",
  // Khmer: លេខកូដ (code number), កូដ (code), ផ្ទៀងផ្ទាត់ (verify), បញ្ជាក់ (confirm)
  "លេខកូដ", "កូដ", "ផ្ទៀងផ្ទាត់",
  // Vietnamese: mã (code), xác nhận (confirm), xác minh (verify)
  "mã~", "xác nhận", "xác minh",
  // Thai: รหัส (code), โค้ด (code), ยืนยัน (confirm)
  "รหัส", "โค้ด", "ยืนยัน",
  // Indonesian / Malay
  "kode", "kod~", "verifikasi", "konfirmasi", "pengesahan",
  // Filipino
  "kodigo", "kumpirmasyon", "beripikasyon",
  // Spanish, Portuguese, Italian
  "código", "codigo", "verificación", "confirmación", "verificação", "confirmação", "codice",
  // French
  "vérification",
  // Arabic, Persian
  "رمز", "كود", "التحقق", "التأكيد", "کد",
  // Russian, Ukrainian
  "код", "подтвержд", "підтвердж",
  // Chinese (simplified and traditional), Japanese, Korean
  "验证码", "驗證碼", "代码", "代碼", "确认码", "確認碼", "安全码", "安全碼", "校验码", "登录码", "コード", "코드", "인증번호", "인증 번호",
  // Hindi, Bengali, Burmese, Lao, Turkish
  "कोड", "सत्यापन", "কোড", "ကုဒ်", "ລະຫັດ", "kodu", "kodunuz",
  // Dutch, Swedish, Finnish, Czech, Slovak, Hungarian, Romanian, Polish, Greek compounds and words
  "(?:verificatie|bevestigings|beveiligings)code", "(?:verifierings|bekräftelse|säkerhets)kod", "(?:vahvistus|turva)?koodi", "kód~", "kódja", "kódot", "cod~", "codul", "kodem", "weryfikac",
  "κωδικ", "επιβεβαίωσ", "επαλήθευσ",
  // Hebrew, Urdu, Turkish, Japanese, Korean
  "קוד", "אימות", "کوڈ", "تصدیق", "doğrulama", "認証コード", "確認コード", "인증",
  // Tamil, Telugu, Kannada, Malayalam, Gujarati, Punjabi, Odia, Sinhala, Tibetan/Dzongkha
  "குறியீ", "కోడ్", "ಕೋಡ್", "കോഡ്", "કોડ", "ਕੋਡ", "କୋଡ୍", "කේත", "ཨང་རྟགས",
  // Amharic, Georgian, Armenian, Swahili
  "ኮድ", "კოდ", "կոդ", "msimbo",
];

/** Words that present a code as the current one ("your new code is…"). */
const NEW_WORDS = [
  "new~", "latest", "current", "updated", "replacement",
  "ថ្មី", "mới~", "ใหม่", "baru~", "bagong", "nuevo", "nueva", "novo~", "nova~", "nouveau", "nouvelle",
  "الجديد", "جديد", "нов", "新的", "最新", "新验证码", "新驗證碼", "新代码", "नया", "नए", "नई", "新しい",
  "neuer~", "neue~", "neuen~", "nuovo", "nieuwe", "nowy~", "nowym~", "yeni~", "новий", "새 ", "nový~", "nový", "noul~", "új~",
];

/** Words that mark a code as no longer valid ("has expired", "previous code"). "Expires in 10
 *  minutes" is NOT one: every language here has a future form that must not match. */
const STALE_WORDS = [
  "expired", "no longer valid", "no longer works", "is invalid", "previous", "old~", "earlier", "prior~",
  "បានផុតកំណត់", "ផុតកំណត់ហើយ", "លែងមានសុពលភាព", "ចាស់", "ពីមុន",
  "đã hết hạn", "hết hạn rồi", "không còn hiệu lực", "cũ~", "trước đó",
  "หมดอายุแล้ว", "ใช้ไม่ได้แล้ว", "เดิม", "เก่า", "ก่อนหน้า",
  "sudah kedaluwarsa", "telah kedaluwarsa", "sudah kadaluarsa", "telah kadaluarsa", "tidak berlaku lagi", "sebelumnya", "lama~",
  "nag-expire", "hindi na valid", "dati~", "luma~",
  "ha caducado", "caducó", "ha expirado", "expiró", "ha vencido", "venció", "ya no es válido", "anterior",
  "expirou", "venceu", "não é mais válido", "já não é válido", "antigo",
  "a expiré", "n'est plus valide", "précédent", "ancien",
  "انتهت صلاحية", "منتهي الصلاحية", "انتهت", "لم يعد صالح", "السابق", "القديم",
  "истёк", "истек", "больше не действ", "недействител", "предыдущ", "стар",
  "已过期", "已過期", "已失效", "之前的", "旧的", "舊的", "期限切れ", "以前の",
  "समाप्त हो गया", "समाप्त हो चुका", "अमान्य", "पिछला", "पुराना",
  "abgelaufen", "nicht mehr gültig", "vorherige", "scaduto", "non è più valido", "precedente", "verlopen", "niet meer geldig", "vorige~",
  "wygasł", "nieważny", "poprzedni", "süresi doldu", "artık geçerli değil", "önceki", "минув", "недійсн", "попередн",
  "만료된", "만료되었", "이전 ", "expirat", "nu mai este valabil", "vypršel", "již neplatí", "předchozí", "lejárt", "előző",
  "έληξε", "δεν ισχύει πλέον", "προηγούμεν", "פג תוקף", "הקודם",
];

/** Labels of numbers that are not codes: orders, references, phone numbers, postcodes, IDs. */
const LABEL_WORDS = [
  // orders, invoices, references, tickets
  // "in order to" is not an order
  "(?<!in\\s)order", "invoice", "receipt", "ref~", "reference", "transaction", "ticket", "tracking", "booking", "account number", "customer number", "id~", "no\\.", "n°", "№",
  "ការបញ្ជាទិញ", "វិក្កយបត្រ", "លេខយោង", "ប្រតិបត្តិការ",
  "đơn hàng", "mã đơn", "hóa đơn", "hoá đơn", "giao dịch", "tham chiếu",
  "คำสั่งซื้อ", "ใบแจ้งหนี้", "หมายเลขอ้างอิง", "เลขที่", "ธุรกรรม", "ใบเสร็จ",
  "pesanan", "faktur", "transaksi", "referensi", "resi~",
  "resibo",
  "pedido", "orden~", "factura", "referencia", "transacción", "recibo", "fatura", "referência", "transação", "encomenda",
  "commande", "facture", "référence",
  "طلب", "فاتورة", "مرجع", "معاملة",
  "заказ", "счёт", "счет~", "транзакц",
  "订单", "訂單", "发票", "發票", "参考号", "交易", "编号", "編號",
  "ऑर्डर", "चालान", "संदर्भ", "लेनदेन",
  // software versions and builds ("Chrome 131, build 22631")
  "version~", "build~", "phiên bản", "เวอร์ชัน", "versi~", "versión", "versão", "версия", "版本",
  // phone numbers
  "phone", "tel~", "hotline", "fax~", "whatsapp",
  "ទូរស័ព្ទ", "điện thoại", "gọi~", "sđt~", "โทร", "telepon", "telp~", "hubungi", "telepono", "tawagan",
  "teléfono", "telefone", "téléphone", "هاتف", "اتصل", "телефон", "тел\\.", "电话", "電話", "手机", "फ़ोन", "फोन", "कॉल", "मोबाइल",
  // postcodes, area and country codes (they contain code words, so they must outrank them)
  "zip", "zip code", "postal code", "postcode", "post code", "area code", "country code",
  "mã bưu", "mã vùng", "mã quốc gia", "รหัสไปรษณีย์", "kode pos", "código postal", "code postal", "código de área", "cep~",
  "почтовый индекс", "индекс", "邮编", "邮政编码", "郵遞區號", "पिन कोड", "पिनकोड", "الرمز البريدي", "លេខកូដប្រៃសណីយ៍",
];

/** Currency marks written right before or after an amount. */
const CURRENCY_SYMBOLS = "$€£¥₫៛฿₱₹₩₽₺₦₴₪﷼¢৳₭";
const CURRENCY_WORDS = [
  "usd", "us\\$", "eur", "gbp", "vnd", "vnđ", "khr", "thb", "idr", "rp", "php", "myr", "rm", "sgd", "s\\$", "brl", "r\\$", "mxn", "ars", "cop", "pen", "inr",
  "rs\\.?", "rub", "cny", "rmb", "sar", "aed", "egp", "đ", "đồng", "dong", "baht", "riel", "rupiah", "pesos?", "piso", "reais", "real", "euros?", "dollars?",
  "บาท", "រៀល", "ដុល្លារ", "ريال", "درهم", "جنيه", "دولار", "руб", "рубл", "р\\.", "元", "円", "块", "रुपये", "रु\\.?", "টাকা", "ກີບ", "kip",
];

const SPACED_SCRIPT = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u;
const LEFT = "(?<![\\p{L}\\p{M}])";
const RIGHT = "(?![\\p{L}\\p{M}])";

function entry(source: string): string {
  const bounded = source.endsWith("~");
  const body = (bounded ? source.slice(0, -1) : source).normalize("NFC");
  // A leading look-behind (e.g. "not after 'in '") is not the word's first letter.
  const first = body.replace(/^\(\?<![^)]*\)/, "");
  return `${SPACED_SCRIPT.test(first) ? LEFT : ""}${body}${bounded ? RIGHT : ""}`;
}

/** One regex for a list; longer entries first, so "zip code" wins over "zip" at the same place. */
function alternation(list: string[]): RegExp {
  return new RegExp([...list].sort((a, b) => b.length - a.length).map(entry).join("|"), "giu");
}

const CUE_PATTERNS: Array<[Cue, RegExp]> = [
  ["label", alternation(LABEL_WORDS)],
  ["code", alternation(CODE_WORDS)],
  ["new", alternation(NEW_WORDS)],
  ["stale", alternation(STALE_WORDS)],
];

export interface CueHit {
  cue: Cue;
  start: number;
  end: number;
}

/** Every cue word in the text. A code word inside a label ("zip code", "รหัสไปรษณีย์") is dropped:
 *  the label says what the number is. */
export function findCues(text: string): CueHit[] {
  const hits: CueHit[] = [];
  for (const [cue, pattern] of CUE_PATTERNS) {
    for (const m of text.matchAll(pattern)) hits.push({ cue, start: m.index, end: m.index + m[0].length });
  }
  const inLabel = new Uint8Array(text.length + 1);
  for (const h of hits) if (h.cue === "label") inLabel.fill(1, h.start, h.end);
  return hits.filter((h) => h.cue !== "code" || !inLabel.subarray(h.start, h.end).includes(1)).sort((a, b) => a.start - b.start);
}

const CURRENCY_ALTERNATIVES = `[${CURRENCY_SYMBOLS.replace(/\$/g, "\\$")}]|${CURRENCY_WORDS.map((w) => `${SPACED_SCRIPT.test(w) ? LEFT : ""}${w}`).join("|")}`;
// At most one space between the mark and the number, never a line break ("1 ₽\n12345" is an
// amount followed by a code on the next line).
const CURRENCY_BEFORE = new RegExp(`(?:${CURRENCY_ALTERNATIVES})[^\\S\\n]?$`, "iu");
const CURRENCY_AFTER = new RegExp(`^[^\\S\\n]?(?:[${CURRENCY_SYMBOLS.replace(/\$/g, "\\$")}]|(?:${CURRENCY_WORDS.join("|")})${RIGHT})`, "iu");

/** True when the text just before a number ends with a currency mark ("$", "Rp ", "US$"). */
export function currencyBefore(before: string): boolean {
  return CURRENCY_BEFORE.test(before);
}

/** True when the text just after a number starts with a currency mark ("đ", " ៛", " บาท", " USD"). */
export function currencyAfter(after: string): boolean {
  return CURRENCY_AFTER.test(after);
}
