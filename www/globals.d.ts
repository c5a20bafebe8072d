// What the page keeps on `window` besides the DOM's own (type-checked by `npm run typecheck`).
export {};
declare global {
  interface Window {
    /** The test hooks of tests/e2e and the benchmark (app/hooks.js; www/README.md lists them). */
    __playground?: object;
    /** The default page's first frame before the core is loaded: { snapshot() }, the build's (main.js). */
    __playgroundFirstFrame?: object;
    /** The compiled core, shared by the embeds of one host page (core.js). */
    __kafkaPlaygroundWasm?: Promise<WebAssembly.Module | null>;
    /** The scenario files' texts, shared by the embeds of one host page (app/catalogue.js). */
    __kafkaPlaygroundScenarios?: { SCENARIO_FILES: Record<string, string> };
    /** The host page's playground links are handled (embed.js). */
    __kafkaPlaygroundLinks?: boolean;
    /** The embeds of one host page that are starting (host.js bootOrder). */
    __kafkaPlaygroundStarting?: Set<Window>;
    WebAssembly: typeof WebAssembly;
    Set: SetConstructor;
  }
}
