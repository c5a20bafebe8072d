// The page lives in www/ and imports the wasm binding from www/pkg/ (made by scripts/build-wasm.mjs).
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'www',
  base: './', // relative URLs: dist/ works from any static server, under any sub-path
  server: { host: '127.0.0.1' }, // local only; `npm start -- --host 0.0.0.0` to share
  build: { outDir: '../dist', emptyOutDir: true }, // outDir is outside root: empty it explicitly
});
