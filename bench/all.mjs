// `npm run bench`: bench/run.mjs (replication throughput, native and wasm: its budgets fail the
// run), then bench/browser.mjs (the page's budgets and the core's memory: reported beside their
// budgets; add `-- --strict` to fail on those too), then bench/lighthouse.mjs (Lighthouse's
// scores, mobile and desktop, beside the targets; `--strict` there too). Arguments are
// passed to bench/browser.mjs; `--strict` also to bench/lighthouse.mjs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const node = (script, args = []) => {
  const r = spawnSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], { stdio: 'inherit' });
  return r.status ?? 1;
};
const throughput = node('./run.mjs');
const page = node('./browser.mjs', process.argv.slice(2));
const quality = node('./lighthouse.mjs', process.argv.filter((a) => a === '--strict'));
process.exit(throughput || page || quality);
