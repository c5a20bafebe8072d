// The scenario files, shipped as the very text cargo test plays: the lessons and, for
// `?scenario=core/…` and the picker's second group, the other scenarios. Vite-only
// (import.meta.glob); www/lesson.js turns this map into the catalogue. app/app.js imports this module
// dynamically, so the texts are one chunk of their own, downloaded when a lesson, the picker or
// a ?scenario= link needs them.

export const SCENARIO_FILES = import.meta.glob(
  ["../scenarios/lessons/*.txt", "../scenarios/core/*.txt", "../scenarios/notes/*.txt", "../scenarios/kip/*.txt"],
  { query: "?raw", import: "default", eager: true },
);
