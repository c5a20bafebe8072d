// The language switch and text lookup for every string the page shows, in English and 简体中文.
// The texts are in www/i18n/en.js and www/i18n/zh.js, the event and violation templates in
// en-events.js and zh-events.js: each is a chunk of its own, so the page downloads the dictionary
// of the language it starts in (loadLang, while the wasm loads) and the other one only when the
// reader switches. An English page starts without its templates (5 KB gzip of the first load,
// issue #16): the core's text of an event is its English, word for word (tests/node/event-text),
// so they are loaded after the first frame (page/draw.js) and change no word the page shows.
//
// `t(key, vars)` looks a key up in the current language (a key missing from it is shown as
// itself: the unit tests keep both dictionaries complete); `{name}` in a string is replaced by
// vars.name, and an entry may be a function of vars (plurals). The static markup of index.html
// carries data-i18n=KEY (its text), data-i18n-aria-label / data-i18n-title / data-i18n-placeholder
// (attributes), which page/chrome.js fills in. No DOM: pure apart from the current language and
// the loaded dictionaries (and the saved choice in localStorage); importable in node (unit tests),
// where loadLang works the same.
//
// Events and violations are said from their params through the `ev.<kind>` templates
// (views/event-text.js); message contents and Kafka error and config names stay as Kafka writes them.

import { once } from "./lazy.js";

export const LANG_NAMES = { en: "English", zh: "中文" };
const STORAGE_KEY = "kafka-playground-lang";

let current = "en";
const listeners = new Set();
/** The dictionaries loaded so far: { en: { key: text }, … }. */
const loaded = {};
/** The languages whose event templates are in `loaded` too. */
const withEvents = new Set();
/** Each dictionary is two chunks, its texts and its event templates (the single-file build inlines them). */
const IMPORTS = {
  en: { texts: once(() => import("./i18n/en.js")), events: once(() => import("./i18n/en-events.js")) },
  zh: { texts: once(() => import("./i18n/zh.js")), events: once(() => import("./i18n/zh-events.js")) },
};

/**
 * Load `lang`'s dictionary (once; a failed load is tried again on the next call). Resolves to the
 * language. With `events: false`, without its event templates (an English page's start: see the
 * head of this file); else with them, and with those of every dictionary loaded before, since
 * hasKey asks every loaded dictionary. The rejection's message is in both languages: there may be
 * no dictionary to say it with.
 * @param {string} lang
 * @param {{ events?: boolean }} [options]
 */
export async function loadLang(lang, { events = true } = {}) {
  const l = normalizeLang(lang);
  if (!l) throw new Error(`unknown language ${lang}`);
  if (typeof events !== "boolean") throw new Error(`loadLang: events must be true or false, got ${events}`);
  try {
    const langs = events ? [...new Set([l, ...Object.keys(loaded)])].filter((k) => !withEvents.has(k)) : [];
    const [texts, ...templates] = await Promise.all([loaded[l] ?? IMPORTS[l].texts().then((m) => m.default), ...langs.map((k) => IMPORTS[k].events())]);
    loaded[l] ??= texts;
    langs.forEach((k, i) => {
      loaded[k] = { ...loaded[k], ...templates[i].default };
      withEvents.add(k);
    });
  } catch (err) {
    const why = err?.message ?? String(err);
    throw new Error(`The ${LANG_NAMES[l]} texts of the page could not be loaded: reload the page to try again. / 无法加载页面的${LANG_NAMES[l]}文字，请重新加载页面再试。(${why})`);
  }
  return l;
}

/** The current language: "en" or "zh". */
export function getLang() {
  return current;
}

/**
 * Switch language (unknown values are ignored; its dictionary must be loaded: loadLang). Listeners
 * run when it changes. Returns the language.
 */
export function setLang(lang) {
  const next = normalizeLang(lang);
  if (!next || next === current) return current;
  if (!loaded[next]) throw new Error(`the ${next} dictionary is not loaded (loadLang first)`);
  current = next;
  for (const fn of listeners) fn(current);
  return current;
}

/** Call `fn(lang)` after every change; returns the unsubscribe function. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** "zh", "zh-CN", "zh-Hans", "ZH" → "zh"; "en-US" → "en"; anything else → null. */
export function normalizeLang(value) {
  const v = String(value ?? "").trim().toLowerCase();
  if (v === "zh" || v.startsWith("zh-") || v.startsWith("zh_") || v === "中文") return "zh";
  if (v === "en" || v.startsWith("en-") || v.startsWith("en_") || v === "english") return "en";
  return null;
}

/**
 * The language to start in: the URL's ?lang= first, then the reader's saved choice, then the
 * browser's languages (the first of them that is English or Chinese), else English.
 * @param {{ param?: string | null, saved?: string | null, languages?: readonly string[] }} [options]
 */
export function initialLang({ param = null, saved = null, languages = [] } = {}) {
  return normalizeLang(param) ?? normalizeLang(saved) ?? languages.map(normalizeLang).find(Boolean) ?? "en";
}

export function readSavedLang() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveLang(lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* storage blocked (sandboxed iframe, file://): the choice is just not remembered */
  }
}

/** `key` in the current language. */
export function t(key, vars) {
  return tr(current, key, vars);
}

/** `key` in `lang` (for tests and for texts that must be in a given language; its dictionary loaded). */
export function tr(lang, key, vars = {}) {
  const dict = loaded[lang];
  if (!dict || !Object.hasOwn(dict, key)) return key;
  const v = dict[key];
  if (typeof v === "function") return v(vars ?? {});
  return interpolate(v, vars ?? {});
}

/**
 * The prefixes of keys that translate the core's own English (`Cluster.schema()`'s meanings of the
 * violation kinds, `inv.<kind>`, and of the event kinds, `kind.<kind>`): the English is the
 * schema's, so only the other languages' dictionaries have these keys.
 */
export const SCHEMA_PREFIXES = ["inv.", "kind."];

/**
 * A schema meaning in the current language: `prefix.kind` of its dictionary, else the core's
 * English `english` (the English page, or a kind newer than the dictionary).
 */
export function schemaText(prefix, kind, english) {
  const key = `${prefix}.${kind}`;
  return Object.hasOwn(loaded[current] ?? {}, key) ? tr(current, key) : english;
}

/** True when `key` has a text in every loaded dictionary (the page has one; the tests load both). */
export function hasKey(key) {
  const dicts = Object.values(loaded);
  return dicts.length > 0 && dicts.every((d) => Object.hasOwn(d, key));
}

/** Every key of the loaded dictionaries (for the unit test that checks both languages are complete). */
export function keys() {
  return [...new Set(Object.values(loaded).flatMap((d) => Object.keys(d)))];
}

/** Each template split once into literal text and {name} slots: the views format dozens a frame. */
const compiled = new Map();

function interpolate(s, vars) {
  let parts = compiled.get(s);
  if (!parts) {
    parts = s.split(/\{(\w+)\}/); // literal, name, literal, name, …, literal
    compiled.set(s, parts);
  }
  if (parts.length === 1) return s;
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i];
    out += (name in vars ? String(vars[name]) : `{${name}}`) + parts[i + 1];
  }
  return out;
}

/** The html lang attribute for a language. */
export function htmlLang(lang = current) {
  return lang === "zh" ? "zh-CN" : "en";
}
