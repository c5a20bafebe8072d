// The default page's first snapshot, recorded at build time (scripts/first-frame.mjs's Vite
// plugin serves it; www/app/first-frame.js).
declare module "virtual:first-snapshot" {
  const snapshot: import("./pkg/kafka_replication.js").Snapshot;
  export default snapshot;
}
