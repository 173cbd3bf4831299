// Turning a static public page into the React app, on demand.
//
// Prerendered public pages ship without React: scripts/static-first.mjs moves React Router's
// scripts (and their module preloads) into an inert <template id="ks-app">. The small script in
// this folder makes the page interactive, and loads the app only when a visitor needs it: a plan
// is chosen (the sign-in and payment dialogs), Khmer is chosen, or the visitor is signed in.
// Loading = putting the template's scripts back exactly where React Router rendered them, so the
// document React hydrates is the one it prerendered (decision 016).

import { cookieValue, SIGNED_IN_HINT_COOKIE } from "../../contracts/cookies";
import { languageCookie, rememberLanguage, storedLanguage } from "../app/lib/language-choice";

/** Listeners of the static page; all removed when the app starts taking over. */
const staticPage = new AbortController();
export const staticSignal = staticPage.signal;
/** Listeners that bridge the loading of the app (a plan click to replay); removed once it is live. */
const loading = new AbortController();
export const untilAppSignal = loading.signal;
const beforeApp: (() => void)[] = [];

/** Runs `undo` just before the app hydrates: the static page's open menus must be closed then. */
export function beforeUpgrade(undo: () => void) {
  beforeApp.push(undo);
}

const TEMPLATE_ID = "ks-app";
let preloaded = false;
let upgrading: Promise<void> | undefined;

function appTemplate(): HTMLTemplateElement | null {
  const node = document.getElementById(TEMPLATE_ID);
  return node instanceof HTMLTemplateElement ? node : null;
}

/** Starts fetching the app's modules (on a sign of intent), without running anything. */
export function preloadApp() {
  const template = appTemplate();
  if (preloaded || !template) return;
  preloaded = true;
  for (const node of template.content.querySelectorAll("link[rel=modulepreload]")) {
    document.head.append(node.cloneNode());
  }
}

/** A script element that will run when inserted (a copy of an inert one). */
function runnable(inert: HTMLScriptElement) {
  const script = document.createElement("script");
  for (const { name, value } of Array.from(inert.attributes)) script.setAttribute(name, value);
  script.textContent = inert.textContent;
  return script;
}

function hydrated() {
  return document.documentElement.dataset.hydrated === "true";
}

/** Loads React and hydrates the page; resolves once the app is live. */
export function upgrade(): Promise<void> {
  upgrading ??= new Promise<void>((resolve) => {
    const template = appTemplate();
    if (!template) {
      loading.abort(); // already the app (or not a static page): nothing to bridge
      return resolve();
    }
    preloadApp();
    staticPage.abort();
    for (const undo of beforeApp) undo();

    // Back to what React Router rendered: <div id="ks-app" hidden> with its scripts, then the
    // loader data; the scripts copied so that they run (in order, once inserted).
    const app = document.createDocumentFragment();
    for (const node of Array.from(template.content.childNodes)) {
      if (node.nodeName === "LINK") continue; // the preloads went to <head> above
      const copy = node.nodeName === "SCRIPT" ? runnable(node as HTMLScriptElement) : node.cloneNode(true);
      if (copy instanceof Element) {
        for (const inert of Array.from(copy.querySelectorAll("script"))) inert.replaceWith(runnable(inert));
      }
      app.append(copy);
    }
    // root.tsx marks <html data-hydrated> once React has hydrated the page.
    const observer = new MutationObserver(() => {
      if (!hydrated()) return;
      observer.disconnect();
      loading.abort(); // before any replay below: from now on React alone handles clicks
      resolve();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
    template.replaceWith(app);
  });
  return upgrading;
}

/** Whether this visitor should get the app straight away instead of the static page. */
export function wantsAppNow(): boolean {
  // Signed in: the header shows Dashboard, a plan opens the payment dialog (the server sets this
  // hint cookie with the session cookie; it carries no secret).
  if (cookieValue(document.cookie, SIGNED_IN_HINT_COOKIE) === "1") return true;
  // A remembered language this page is not in (the server had no copy of it in that language,
  // or cookies are blocked): the app switches in place.
  const stored = storedLanguage();
  return stored !== null && stored !== document.documentElement.lang;
}

/**
 * A language remembered by the app before the server knew it (no cookie yet): remember it for the
 * server too and load the page again in it. False when there is nothing to do, or it cannot.
 */
export function reloadInRememberedLanguage(): boolean {
  const stored = storedLanguage();
  if (!stored || stored === document.documentElement.lang || languageCookie() !== undefined) return false;
  rememberLanguage(stored);
  if (languageCookie() !== stored) return false; // cookies blocked
  location.reload();
  return true;
}
