// The simulator's "PayWay - Checkout" page. It speaks the checkout plugin's postMessage protocol
// to its parent (frameHeight, cancel_url, merchantUrl, close, _abaCallbackOnSuccess/Error) and
// falls back to plain navigation when opened as a full page (hosted view).
import type { SimTransaction } from "./store";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON inside <script type="application/json">: "<" escaped so no "</script>" can end it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const SCRIPT = `
(function () {
  var d = JSON.parse(document.getElementById("sim-data").textContent);
  var framed = window.parent && window.parent !== window;
  function tell(msg) { if (framed) window.parent.postMessage(msg, "*"); }
  function height() { tell({ frameHeight: document.documentElement.scrollHeight }); }
  function show(text) { document.getElementById("sim-status").textContent = text; height(); }
  tell({ cancel_url: d.cancelUrl || "" });
  height();
  async function act(action) {
    document.querySelectorAll("button[data-action]").forEach(function (b) { b.disabled = true; });
    show("Processing…");
    var res = await fetch(d.base + "/__sim/transactions/" + encodeURIComponent(d.tranId) + "/" + action, { method: "POST" });
    var body = await res.json().catch(function () { return {}; });
    if (!res.ok) { show(body.error || "Failed"); return; }
    var status = body.transaction.status;
    show(status === "APPROVED" ? "Payment approved" : status === "DECLINED" ? "Payment declined" : "Payment cancelled");
    if (action === "approve") {
      tell({ _abaCallbackOnSuccess: { tran_id: d.tranId, status: 0 } });
      if (framed) tell({ merchantUrl: d.continueUrl || "" });
      else if (d.continueUrl) window.location.href = d.continueUrl;
    } else if (action === "decline") {
      tell({ _abaCallbackOnError: { tran_id: d.tranId, status: 3 } });
    } else {
      if (framed) tell({ close: true });
      else if (d.cancelUrl) window.location.href = d.cancelUrl;
    }
  }
  document.querySelectorAll("button[data-action]").forEach(function (b) {
    b.addEventListener("click", function () { act(b.getAttribute("data-action")); });
  });
})();`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#0f172a;background:#fff}
h1{font-size:16px;margin:0 0 4px}.sub{color:#64748b;font-size:12px;margin-bottom:12px}
.amount{font-size:28px;font-weight:700;margin:8px 0}.row{display:flex;gap:8px;margin-top:12px}
button{flex:1;padding:10px;border:0;border-radius:8px;font-size:14px;cursor:pointer;color:#fff}
[data-action=approve]{background:#0e7490}[data-action=decline]{background:#b91c1c}[data-action=cancel]{background:#64748b}
button:disabled{opacity:.5;cursor:default}#sim-status{margin-top:10px;font-size:13px;min-height:1em}`;

export function checkoutPage(tx: SimTransaction, basePath: string): string {
  const pending = tx.status === "PENDING";
  const data = { base: basePath, tranId: tx.tranId, continueUrl: tx.continueSuccessUrl, cancelUrl: tx.cancelUrl };
  const buttons = pending
    ? `<div class="row"><button data-action="approve">Approve</button><button data-action="decline">Decline</button><button data-action="cancel">Cancel</button></div>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PayWay - Checkout</title><style>${STYLE}</style></head><body>
<h1>PayWay simulator</h1><div class="sub">Merchant ${escapeHtml(tx.merchantId)} · Transaction ${escapeHtml(tx.tranId)}${tx.paymentOption ? ` · ${escapeHtml(tx.paymentOption)}` : ""}</div>
<div class="amount" data-testid="sim-amount">${escapeHtml(tx.amount)} ${escapeHtml(tx.currency)}</div>
<div class="sub">No real money moves. Choose what the bank answers.</div>
${buttons}<div id="sim-status" role="status">${pending ? "" : escapeHtml(tx.status)}</div>
<script type="application/json" id="sim-data">${scriptJson(data)}</script><script>${SCRIPT}</script></body></html>`;
}

// ---- A KHQR-looking EMV string for abapay_khqr_deeplink (not scannable by a real bank app) ----

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export function fakeKhqr(tx: SimTransaction): string {
  const body = [
    tlv("00", "01"),
    tlv("01", "12"),
    tlv("30", tlv("00", `${tx.merchantId.slice(0, 20)}@abaa`)),
    tlv("52", "5999"),
    tlv("53", tx.currency === "KHR" ? "116" : "840"),
    tlv("54", tx.amount),
    tlv("58", "KH"),
    tlv("59", "KEYSHOP SIM"),
    tlv("60", "Phnom Penh"),
    tlv("62", tlv("01", tx.tranId)),
    tlv("99", tlv("00", String(tx.createdAt.getTime()))),
  ].join("");
  return `${body}6304${crc16(`${body}6304`)}`;
}
