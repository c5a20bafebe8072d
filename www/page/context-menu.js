// The broker context menu (right-click on a broker, its "Faults…" button, or the context-menu
// key on a focused broker): every action of actions.js, those that make no sense in the broker's
// status disabled. A WAI-ARIA menu: arrow keys move, Enter picks, Escape or a click outside
// closes. The chosen item is reported through `onPick(actionId, broker)`.

import { h } from "./dom.js";
import { BROKER_ACTIONS, brokerActionEnabled } from "../app/actions.js";
import { t } from "../i18n.js";

/**
 * Open `menu` (an empty element with role=menu) for `broker` in `status`, at page position
 * (x, y). `returnFocus` gets the focus back when the menu closes.
 */
export function open(menu, { broker, status, x, y, returnFocus, onPick }) {
  const items = [
    ...BROKER_ACTIONS.map((a) =>
      h(
        "button",
        { type: "button", role: "menuitem", class: "menu-item", "data-menu-action": a.id, disabled: !brokerActionEnabled(a, status), title: a.help },
        h("span", {}, a.label),
        h("kbd", {}, a.key.toUpperCase()),
      ),
    ),
    h("button", { type: "button", role: "menuitem", class: "menu-item", "data-menu-action": "inspect" }, h("span", {}, t("menu.details")), h("kbd", {}, "↵")),
  ];
  menu.replaceChildren(h("div", { class: "menu-title", "aria-hidden": "true" }, t("menu.title", { id: broker, status: t(`status.${status}`) })), ...items);
  menu.setAttribute("aria-label", t("menu.aria", { id: broker }));
  menu.hidden = false;
  // Keep it on screen.
  const w = menu.offsetWidth;
  const hgt = menu.offsetHeight;
  menu.style.left = `${Math.max(4, Math.min(x, window.scrollX + document.documentElement.clientWidth - w - 4))}px`;
  menu.style.top = `${Math.max(4, Math.min(y, window.scrollY + document.documentElement.clientHeight - hgt - 4))}px`;

  const enabled = () => [...menu.querySelectorAll(".menu-item:not(:disabled)")];
  enabled()[0]?.focus();
  const close = () => {
    menu.hidden = true;
    menu.replaceChildren();
    document.removeEventListener("pointerdown", outside, true);
    menu.removeEventListener("keydown", keys);
    menu.removeEventListener("click", click);
    returnFocus?.focus?.();
  };
  const outside = (e) => {
    if (!menu.contains(e.target)) close();
  };
  const keys = (e) => {
    const list = enabled();
    const i = list.indexOf(document.activeElement);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const next = (i + (e.key === "ArrowDown" ? 1 : -1) + list.length) % list.length;
      list[next]?.focus();
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      (e.key === "Home" ? list[0] : list.at(-1))?.focus();
    } else if (e.key === "Escape" || e.key === "Tab") {
      e.preventDefault();
      close();
    }
    e.stopPropagation(); // the page's shortcuts must not fire while the menu is open
  };
  const click = (e) => {
    const item = e.target.closest("[data-menu-action]");
    if (!item || item.disabled) return;
    close();
    onPick(item.dataset.menuAction, broker);
  };
  document.addEventListener("pointerdown", outside, true);
  menu.addEventListener("keydown", keys);
  menu.addEventListener("click", click);
  return close;
}
