// A stand-in for PayWay's checkout2-0.js: AbaPayway.checkout() opens a modal (desktop) or bottom
// sheet (mobile) holding <iframe name="aba_webservice">, adds is_plugin_js and submits the
// #aba_merchant_request form into it, then follows the page's postMessage protocol.
export const PLUGIN_SCRIPT = `(function () {
  if (window.AbaPayway) return;
  var script = document.currentScript;
  var hideClose = !!(script && /[?&]hide-close=1/.test(script.src));
  var state = { opts: {}, cancelUrl: "", box: null, frame: null, closeBtn: null };
  var mobile = /Mobi|Android|iPhone/i.test(navigator.userAgent);

  function setupForm(opts) {
    var old = document.getElementById("aba_merchant_request");
    if (old && old.getAttribute("data-aba-generated")) old.remove();
    var form = document.createElement("form");
    form.id = "aba_merchant_request"; form.method = "POST"; form.target = "aba_webservice";
    form.action = opts.form_url; form.setAttribute("data-aba-generated", "1"); form.style.display = "none";
    Object.keys(opts).forEach(function (k) {
      if (k === "form_url" || typeof opts[k] === "function") return;
      var input = document.createElement("input");
      input.type = "hidden"; input.name = k; input.value = opts[k] == null ? "" : String(opts[k]);
      form.appendChild(input);
    });
    document.body.appendChild(form);
    return form;
  }

  function close() {
    if (state.box) state.box.remove();
    state.box = null; state.frame = null;
  }

  function closeCheckout(ask) {
    if (ask && !window.confirm("Are you sure you want to close?")) return;
    close();
    if (state.cancelUrl) window.location.href = state.cancelUrl;
  }

  function initPlugin(formId) {
    var form = document.getElementById(formId || "aba_merchant_request");
    if (!form) throw new Error("AbaPayway: form #" + (formId || "aba_merchant_request") + " not found");
    close();
    var box = document.createElement("div");
    box.id = mobile ? "aba_checkout_sheet" : "aba-checkout";
    if (!mobile) box.className = "aba-checkout-desktop";
    box.setAttribute("style", "position:fixed;inset:0;background:rgba(15,23,42,.55);z-index:2147483000;display:flex;align-items:" + (mobile ? "flex-end" : "center") + ";justify-content:center");
    var panel = document.createElement("div");
    panel.setAttribute("style", "position:relative;background:#fff;border-radius:12px;overflow:hidden;" + (mobile ? "width:100%" : "width:391px"));
    var frame = document.createElement("iframe");
    frame.name = "aba_webservice"; frame.id = "aba_webservice"; frame.setAttribute("allow", "payment *");
    frame.setAttribute("style", "border:0;display:block;width:100%;height:" + (mobile ? 416 : 264) + "px");
    var x = document.createElement("button");
    x.type = "button"; x.textContent = "\\u00d7"; x.setAttribute("aria-label", "Close");
    x.setAttribute("style", "position:absolute;top:4px;right:8px;border:0;background:none;font-size:22px;cursor:pointer" + (hideClose ? ";display:none" : ""));
    x.addEventListener("click", function () { closeCheckout(true); });
    panel.appendChild(frame); panel.appendChild(x); box.appendChild(panel); document.body.appendChild(box);
    state.box = box; state.frame = frame; state.closeBtn = x;
    if (!form.querySelector('input[name="is_plugin_js"]')) {
      var flag = document.createElement("input");
      flag.type = "hidden"; flag.name = "is_plugin_js"; flag.value = "true"; form.appendChild(flag);
    }
    form.target = "aba_webservice";
    form.submit();
  }

  window.addEventListener("message", function (e) {
    if (!state.frame || e.source !== state.frame.contentWindow) return;
    var m = e.data;
    if (typeof m === "string") { try { m = JSON.parse(m); } catch (err) { return; } }
    if (!m || typeof m !== "object") return;
    if ("frameHeight" in m) state.frame.style.height = Math.min(595, Number(m.frameHeight) || 264) + "px";
    if ("removeClose" in m && state.closeBtn) state.closeBtn.style.display = "none";
    if ("cancel_url" in m) state.cancelUrl = m.cancel_url || "";
    if (m._abaCallbackOnSuccess && typeof state.opts.onSuccess === "function") state.opts.onSuccess(m._abaCallbackOnSuccess);
    if (m._abaCallbackOnError && typeof state.opts.onError === "function") state.opts.onError(m._abaCallbackOnError);
    if ("openApp" in m && m.openApp) window.location.href = m.openApp;
    if ("merchantUrl" in m) { if (m.merchantUrl) window.top.location.href = m.merchantUrl; else close(); }
    if (m.close) closeCheckout(false);
  });

  window.AbaPayway = {
    checkout: function (opts) {
      state.opts = opts || {};
      if (opts && opts.form_url) setupForm(opts);
      initPlugin("aba_merchant_request");
    },
    closeCheckout: closeCheckout,
    setupForm: setupForm,
    initPlugin: initPlugin,
  };
})();
`;
