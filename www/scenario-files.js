// The scenario files, shipped in the bundle as the very text cargo test plays: the lessons and,
// for `?scenario=core/…` and the picker's second group, the other scenarios. Vite-only
// (import.meta.glob); www/lesson.js turns this map into the catalogue.

export const SCENARIO_FILES = import.meta.glob(
  ["../scenarios/lessons/*.txt", "../scenarios/core/*.txt", "../scenarios/notes/*.txt", "../scenarios/kip/*.txt"],
  { query: "?raw", import: "default", eager: true },
);
