// The dashboard's loading page in every language (issue #27). React Router writes the SPA
// fallback (__spa-fallback.html: the logo and "Loading Keyshop" until the app has loaded) once,
// in the default language. For each other language with locale files this writes
// __spa-fallback.<code>.html: <html lang> and the loading label in that language. The server sends
// it by the visitor's language cookie (server/lib/static.ts), and the client loads that language's
// copy before hydrating (entry.client.tsx), so the page and the app agree.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const CLIENT = "build/client";
const LOCALES = "web/app/locales";
const DEFAULT = "en";
const fallback = path.join(CLIENT, "__spa-fallback.html");
const label = (code) => JSON.parse(readFileSync(path.join(LOCALES, code, "common.json"), "utf8")).a11y.loadingShop;

const html = readFileSync(fallback, "utf8");
const english = label(DEFAULT);
if (!html.includes(`<html lang="${DEFAULT}"`) || !html.includes(english)) {
  throw new Error(`fallback-languages: ${fallback} does not have <html lang="${DEFAULT}"> and "${english}" where expected`);
}
const languages = readdirSync(LOCALES).filter((code) => code !== DEFAULT && existsSync(path.join(LOCALES, code, "common.json")));
for (const code of languages) {
  const out = html.replace(`<html lang="${DEFAULT}"`, `<html lang="${code}"`).replaceAll(english, label(code));
  writeFileSync(path.join(CLIENT, `__spa-fallback.${code}.html`), out);
}
console.log(`fallback-languages: the loading page in ${languages.length} more language(s): ${languages.join(", ")}`);
