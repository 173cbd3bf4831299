// The shop's languages (contracts/languages.ts) for the web: English and every other language's copy.
//
// A deliberately small translator instead of i18next + react-i18next (17 KB + 2 KB gzip): the app
// the public pages load on demand should stay small (decision 013; first loads carry no React at
// all since decision 016), and the public pages only need what is here: nested keys, "ns:key",
// {{value}} interpolation, count plurals (key_one / key_other), returnObjects, a fallback to
// English, and <Trans> for copy with <tag>…</tag> links.
//
// Only English `common` ships with every page. Each route registers its own English namespace
// when its module loads (synchronously, so prerendering renders English), and the copy of every
// namespace of another language (Khmer) arrives in one chunk the first time it is chosen, or before
// hydrating a page prerendered in it (entry.client.tsx); prerendering gets it from entry.server.tsx.
import {
  cloneElement,
  createElement,
  Fragment,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";

import { DEFAULT_LANGUAGE, isLanguage, languageInfo, LANGUAGES, type Language } from "../../../contracts/languages";
import { hydrateDeferredSections } from "~/lib/deferred-hydration";
import { LANGUAGE_STORAGE_KEY, rememberLanguage, storedLanguage } from "~/lib/language-choice";
import enCommon from "~/locales/en/common.json";

// The shop's languages are one list (contracts/languages.ts), shared with the server and the prerender.
export { isLanguage, languageInfo, LANGUAGES, type Language };
export { LANGUAGE_STORAGE_KEY };

/** Longest wait for a language's web font before switching anyway (a slow link still gets the text). */
const FONT_TIMEOUT_MS = 1500;

type Bundle = { [key: string]: unknown };

export type TOptions = {
  [value: string]: unknown;
  count?: number;
  defaultValue?: unknown;
  returnObjects?: boolean;
  /** Return the copy with its {{placeholders}} left in (used by <Trans>). */
  skipInterpolation?: boolean;
};

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

/** The default language's copy ships with the pages (English `common` here); others load on demand. */
const bundles = Object.fromEntries(LANGUAGES.map((lng) => [lng, lng === DEFAULT_LANGUAGE ? { common: enCommon } : {}])) as Record<Language, { [ns: string]: Bundle }>;

/**
 * Where the other languages come from: one chunk per language with every namespace
 * (locales/<code>/index.ts, named locale-<code>-<hash>.js by vite.config.ts), fetched on demand.
 * Found by file name, so a new language needs no line here.
 */
const loaders = localeLoaders(import.meta.glob<{ default: { [ns: string]: Bundle } }>("../locales/*/index.ts"));

/** The languages list's languages that have a locale chunk, by code (from the chunks' paths). */
export function localeLoaders<T>(modules: Record<string, () => Promise<{ default: T }>>): Partial<Record<Language, () => Promise<T>>> {
  const out: Partial<Record<Language, () => Promise<T>>> = {};
  for (const [file, load] of Object.entries(modules)) {
    const code = file.split("/").at(-2);
    if (isLanguage(code)) out[code] = () => load().then((m) => m.default);
  }
  return out;
}
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

let language: Language = DEFAULT_LANGUAGE;
/** Bumped on every change of language or copy; part of the cache key of getFixedT. */
let version = 0;
const listeners = new Set<() => void>();

function emit() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// ---- Lookup ----------------------------------------------------------------------------------

function resolve(lng: Language, ns: string, path: string): unknown {
  let node: unknown = bundles[lng][ns];
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralSuffix(lng: Language, count: number) {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

/** {{name}} → the value; the values themselves are never interpolated again. */
export function interpolate(text: string, values: TOptions | undefined) {
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_, name: string) => {
    const value = values?.[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

function translate(lng: Language, defaultNs: string, fullKey: string, options?: TOptions): unknown {
  const colon = fullKey.indexOf(":");
  const ns = colon > 0 ? fullKey.slice(0, colon) : defaultNs;
  const key = colon > 0 ? fullKey.slice(colon + 1) : fullKey;
  const count = options?.count;

  let value: unknown;
  for (const candidate of lng === DEFAULT_LANGUAGE ? [lng] : [lng, DEFAULT_LANGUAGE]) {
    if (typeof count === "number") {
      value = resolve(candidate, ns, `${key}_${pluralSuffix(candidate, count)}`);
      if (typeof value === "string") break;
    }
    value = resolve(candidate, ns, key);
    if (value !== undefined) break;
  }

  if (value === undefined) value = options?.defaultValue ?? key;
  if (typeof value === "string") {
    return options?.skipInterpolation ? value : interpolate(value, options);
  }
  return options?.returnObjects ? value : key;
}

const fixedTs = new Map<string, TFunction>();

/** A t() bound to one language and namespace ("ns:key" still reaches other namespaces). */
export function getFixedT(lng: Language, ns = "common"): TFunction {
  const id = `${lng}|${ns}|${version}`;
  let t = fixedTs.get(id);
  if (!t) {
    t = ((key: string, options?: TOptions) => translate(lng, ns, key, options)) as TFunction;
    if (fixedTs.size > 64) fixedTs.clear();
    fixedTs.set(id, t);
  }
  return t;
}

// ---- Resources and language ------------------------------------------------------------------

function addResourceBundle(lng: Language, ns: string, bundle: Bundle) {
  bundles[lng][ns] = bundle;
  emit();
}

export function hasResourceBundle(lng: Language, ns: string) {
  return ns in bundles[lng];
}

async function loadLanguage(lng: Language) {
  if (loaded.has(lng)) return;
  const load = loaders[lng];
  if (!load) return;
  const namespaces = await load();
  for (const [ns, bundle] of Object.entries(namespaces)) {
    // A route may already have registered its own copy of a namespace; keep it.
    if (!hasResourceBundle(lng, ns)) bundles[lng][ns] = bundle;
  }
  loaded.add(lng);
}

/**
 * Resolves once the language's web font (app.css, Fontsource with unicode-range: fetched only for
 * its script) is usable, or after a timeout, so its text never shows as boxes.
 */
function fontReady(lng: Language): Promise<unknown> {
  const { webFont, fontSample } = languageInfo(lng);
  if (!webFont || typeof document === "undefined" || !("fonts" in document)) return Promise.resolve();
  return Promise.race([
    document.fonts.load(`1em ${webFont}`, fontSample).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FONT_TIMEOUT_MS)),
  ]);
}

let switchRequest = 0;

/** Switches the language once its copy, its font and the page's deferred sections are ready. */
async function changeLanguage(lng: Language) {
  const request = ++switchRequest;
  await Promise.all([
    loadLanguage(lng).catch((error: unknown) => console.error(`Could not load the ${lng} copy`, error)),
    fontReady(lng),
    // Sections still showing their prerendered (English) HTML hydrate first, then switch with
    // the rest of the page.
    hydrateDeferredSections(),
  ]);
  if (request !== switchRequest) return; // a later choice won
  if (lng !== language) {
    language = lng;
    emit();
  }
}

const i18n = {
  get language(): Language {
    return language;
  },
  t: ((key: string, options?: TOptions) => translate(language, "common", key, options)) as TFunction,
  getFixedT,
  addResourceBundle,
  hasResourceBundle,
  changeLanguage,
};

export type I18n = typeof i18n;

/**
 * A t() of one namespace that reads the language at each call: for texts made outside React
 * (toasts, validation messages, error texts), which show in the language current at that moment.
 */
export function translatorFor(ns: string): TFunction {
  return ((key: string, options?: TOptions) => translate(language, ns, key, options)) as TFunction;
}

/** Registers a namespace's copy (English at least); routes call it when their module loads. */
export function registerNamespace(ns: string, copy: Partial<Record<Language, object>>) {
  for (const lng of LANGUAGES) {
    const bundle = copy[lng];
    if (bundle && !hasResourceBundle(lng, ns)) bundles[lng][ns] = bundle as Bundle;
  }
}

/** Switches the language, remembers it and sets <html lang>. */
export async function setLanguage(lng: Language) {
  await changeLanguage(lng);
  if (i18n.language !== lng) return;
  rememberLanguage(lng);
  document.documentElement.lang = lng;
}

/**
 * Before hydration (entry.client.tsx): a page prerendered in another language (<html lang>) is
 * hydrated in that language, so its copy is loaded and made current first.
 */
export async function adoptDocumentLanguage() {
  const lng = document.documentElement.lang;
  if (!isLanguage(lng) || lng === language) return;
  await loadLanguage(lng).catch((error: unknown) => console.error(`Could not load the ${lng} copy`, error));
  if (loaded.has(lng)) language = lng;
}

/**
 * Prerendering only (entry.server.tsx): renders what follows in `lng`, whose copy the server
 * bundle passes in (the browser fetches it as a chunk instead).
 */
export function renderIn(lng: Language, copy?: { [ns: string]: Bundle }) {
  if (copy) {
    for (const [ns, bundle] of Object.entries(copy)) if (!hasResourceBundle(lng, ns)) bundles[lng][ns] = bundle;
    loaded.add(lng);
  }
  language = lng;
  version += 1;
}

/** Applies the remembered language; call once after hydration. */
export function restoreLanguage() {
  const stored = storedLanguage();
  if (isLanguage(stored) && stored !== i18n.language) void setLanguage(stored);
  else document.documentElement.lang = i18n.language;
}

// ---- React -----------------------------------------------------------------------------------

/** react-i18next's hook, as far as the public pages use it: `{ t, i18n }`, re-rendering on change. */
export function useTranslation(ns = "common") {
  // getFixedT is cached per language, namespace and copy version: a new t() only after a change.
  const getT = () => getFixedT(language, ns);
  const t = useSyncExternalStore(subscribe, getT, getT);
  return useMemo(() => ({ t, i18n }), [t]);
}

/**
 * A text that follows the language as it changes: for what is made before the reader's language
 * has arrived and stays on screen after (a toast fired on load, before the account's language).
 */
export function Translated({ ns, k, values }: { ns: string; k: string; values?: TOptions }) {
  const { t } = useTranslation(ns);
  return t(k, values);
}

const TAG = /<(\/?)([a-zA-Z][\w-]*)\s*(\/?)>/g;

type Node = { tag: string | null; children: (string | Node)[] };

/**
 * Copy with inline markup: `<tag>text</tag>` becomes `components.tag` with the text as its
 * children. The copy is parsed before values are filled in, so a value is always plain text.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}) {
  const template = t(i18nKey, { ...values, skipInterpolation: true });
  const root: Node = { tag: null, children: [] };
  const stack: Node[] = [root];
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    const [whole, closing, tag, selfClosing] = match;
    const top = stack[stack.length - 1];
    if (match.index > last) top.children.push(template.slice(last, match.index));
    last = match.index + whole.length;
    if (closing) {
      if (stack.length > 1 && top.tag === tag) stack.pop();
    } else {
      const node: Node = { tag, children: [] };
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    }
  }
  if (last < template.length) stack[stack.length - 1].children.push(template.slice(last));

  const render = (children: (string | Node)[]): ReactNode[] =>
    children.map((child, index) => {
      if (typeof child === "string") return interpolate(child, values);
      const component = child.tag ? components[child.tag] : undefined;
      const inner = render(child.children);
      if (!component) return createElement(Fragment, { key: index }, ...inner);
      return inner.length
        ? cloneElement(component, { key: index }, ...inner)
        : cloneElement(component, { key: index });
    });

  return createElement(Fragment, null, ...render(root.children));
}

export default i18n;
