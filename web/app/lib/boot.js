// Runs before the app, blocking, in <head> (see root.tsx).
(function () {
  // zod builds object parsers with `new Function` when it may, and finds out by trying it, which
  // the Content-Security-Policy (no 'unsafe-eval') reports as a violation. zod reads this object
  // as its global configuration; set first, no schema ever tries.
  var z = (globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {});
  z.jitless = true;
  // The saved colour theme (keep in sync with lib/theme.tsx), before the first paint. Storage can
  // be blocked (privacy mode): light is a fine fallback.
  try {
    var s = localStorage.getItem("theme"),
      d = s === "dark" || (s !== "light" && matchMedia("(prefers-color-scheme: dark)").matches),
      r = document.documentElement;
    r.classList.toggle("dark", d);
    r.style.colorScheme = d ? "dark" : "light";
  } catch {
    // Light it is.
  }
})();
