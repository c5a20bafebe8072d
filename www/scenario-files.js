// The scenario files, shipped as the very text cargo test plays: the lessons and, for
// `?scenario=core/…` and the picker's second group, the other scenarios. Vite-only
// (import.meta.glob); www/app/lesson-runner.js turns this map into the catalogue. app/catalogue.js imports this module
// dynamically, so the texts are one chunk of their own, downloaded when a lesson, the picker or
// a ?scenario= link needs them.

// Every folder under scenarios/ is a group (as cargo test finds them); vite.config.js leaves out
// the output recorded under `status` and `trace` lines, which only the tests read.
export const SCENARIO_FILES = import.meta.glob("../scenarios/*/*.txt", { query: "?raw", import: "default", eager: true });
