// The record cells' labels are drawn on canvas, where axe cannot measure them: their contrast
// against the leader-epoch palette (www/style.css --e0…--e7, --on-epoch) is checked here, in both
// themes, against WCAG's 4.5:1 for normal text (issue #18: contrast is a bug).
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";

const css = fs.readFileSync(new URL("../../www/style.css", import.meta.url), "utf8");
const pair = (name) => {
  const m = css.match(new RegExp(`--${name}: light-dark\\((#[0-9a-f]{3,6}), (#[0-9a-f]{3,6})\\)`));
  assert.ok(m, `--${name} is a light-dark() pair`);
  const long = (hex) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex);
  return { light: long(m[1]), dark: long(m[2]) };
};
const luminance = (hex) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test("every leader-epoch colour carries its label at 4.5:1 or more, light and dark", () => {
  const on = pair("on-epoch");
  for (let e = 0; e < 8; e++) {
    const c = pair(`e${e}`);
    for (const theme of ["light", "dark"]) {
      const ratio = contrast(c[theme], on[theme]);
      assert.ok(ratio >= 4.5, `--e${e} (${theme}) ${c[theme]} against ${on[theme]}: ${ratio.toFixed(2)}:1`);
    }
  }
});

test("the exported picture's palette is the light theme's", () => {
  const src = fs.readFileSync(new URL("../../www/views/picture.js", import.meta.url), "utf8");
  const epochs = JSON.parse(src.match(/epochs: (\[[^\]]+\])/)[1]);
  assert.deepEqual(epochs, [0, 1, 2, 3, 4, 5, 6, 7].map((e) => pair(`e${e}`).light), "views/picture.js epochs");
});
