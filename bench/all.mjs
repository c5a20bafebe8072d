// `npm run bench`: bench/run.mjs (replication throughput, native and wasm: its budgets fail the
// run), then bench/browser.mjs (the page's budgets and the core's memory: reported beside their
// budgets; add `-- --strict` to fail on those too). Arguments are passed to bench/browser.mjs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const node = (script, args = []) => {
  const r = spawnSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], { stdio: 'inherit' });
  return r.status ?? 1;
};
const throughput = node('./run.mjs');
const page = node('./browser.mjs', process.argv.slice(2));
process.exit(throughput || page);
