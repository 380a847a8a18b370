// The sidebar (collapse on wide screens, a drawer on phones), the theme toggle, and opening a chat at a
// search hit (#msg-…): scrolled to and highlighted.
(function () {
  "use strict";

  const YEAR = 365 * 24 * 3600;
  const PHONE = window.matchMedia("(max-width: 900px)");
  const DARK = window.matchMedia("(prefers-color-scheme: dark)");
  const root = document.documentElement;

  function $(id) { return document.getElementById(id); }

  // A choice is kept in localStorage and in a cookie: the server reads the cookie to paint the page in
  // the chosen theme from its first byte (no flash of the other theme).
  function remember(name, value) {
    try {
      if (value) localStorage.setItem(name, value); else localStorage.removeItem(name);
    } catch (e) { /* storage refused (private mode): the cookie still carries it */ }
    document.cookie = name + "=" + (value || "") + "; path=/; SameSite=Lax; max-age=" + (value ? YEAR : 0);
  }

  // --- theme: follows the system until toggled; each click shows the other theme, and picking the
  // system's own theme means following the system again.
  function effectiveTheme() {
    return root.dataset.theme || (DARK.matches ? "dark" : "light");
  }
  function labelTheme() {
    const button = $("theme-toggle");
    if (!button) return;
    const choice = root.dataset.theme || "system";
    button.dataset.themeChoice = choice;
    button.setAttribute("aria-label", "Theme: " + choice + " (switch to " + (effectiveTheme() === "dark" ? "light" : "dark") + ")");
    button.title = button.getAttribute("aria-label");
  }
  function toggleTheme() {
    const next = effectiveTheme() === "dark" ? "light" : "dark";
    const system = DARK.matches ? "dark" : "light";
    if (next === system) delete root.dataset.theme; else root.dataset.theme = next;
    remember("theme", root.dataset.theme || "");
    labelTheme();
  }
  // A choice made in another tab (or a cookie the server no longer had) wins over a stale page.
  function syncThemeFromStorage() {
    let stored = "";
    try { stored = localStorage.getItem("theme") || ""; } catch (e) { return; }
    if ((stored === "light" || stored === "dark") && stored !== root.dataset.theme) {
      root.dataset.theme = stored;
      remember("theme", stored);
    }
  }

  // --- sidebar: on wide screens the toggle collapses it (remembered); on phones it opens a drawer.
  function drawerOpen() { return root.classList.contains("sidebar-open"); }
  function setDrawer(open) {
    root.classList.toggle("sidebar-open", open);
    const backdrop = $("sidebar-backdrop");
    if (backdrop) backdrop.hidden = !open;
    labelToggle();
    if (open) {
      const first = document.querySelector("#sidebar button, #sidebar input");
      if (first) first.focus({ preventScroll: true });
    }
  }
  function labelToggle() {
    const button = $("sidebar-toggle");
    if (!button) return;
    const shown = PHONE.matches ? drawerOpen() : !root.classList.contains("sidebar-closed");
    button.setAttribute("aria-expanded", shown ? "true" : "false");
  }
  function toggleSidebar() {
    if (PHONE.matches) { setDrawer(!drawerOpen()); return; }
    const closed = root.classList.toggle("sidebar-closed");
    remember("sidebar", closed ? "closed" : "");
    labelToggle();
  }

  document.addEventListener("click", function (e) {
    const target = e.target && e.target.closest ? e.target : null;
    if (!target) return;
    if (target.closest("#theme-toggle")) toggleTheme();
    else if (target.closest("#sidebar-toggle")) toggleSidebar();
    else if (target.closest("#sidebar-backdrop")) setDrawer(false);
    else if (target.closest("#sidebar a") && drawerOpen()) setDrawer(false); // a chat or a hit was chosen
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && drawerOpen()) { e.stopPropagation(); setDrawer(false); }
  }, true);
  PHONE.addEventListener("change", function () { setDrawer(false); });
  DARK.addEventListener("change", labelTheme);
  window.addEventListener("storage", function (e) { if (e.key === "theme") { syncThemeFromStorage(); labelTheme(); } });

  // --- a search hit: the chat opens at that message (not at its latest), highlighted.
  let heldUntil = 0; // the page's own "open at the latest message" must not win over the hit for a moment
  function hitTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    return id.indexOf("msg-") === 0 ? $(id) : null;
  }
  function showHit() {
    const target = hitTarget();
    if (!target) return;
    document.querySelectorAll(".msg.search-hit").forEach(function (el) { el.classList.remove("search-hit"); });
    target.classList.add("search-hit");
    target.scrollIntoView({ block: "center" });
  }
  window.addEventListener("hashchange", function () { heldUntil = Date.now() + 1500; showHit(); });
  // The history the socket sends on connect re-renders the messages (and chatux.js scrolls to the latest).
  document.addEventListener("htmx:wsAfterMessage", function () {
    // A chat named after its first message (or renamed) gets its new title in the sidebar too.
    const title = $("chat-title");
    const row = document.querySelector("#sidebar .side-chat.current .side-title");
    if (title && row && row.textContent !== title.textContent) row.textContent = title.textContent;
    if (Date.now() < heldUntil) showHit();
    else {
      const target = hitTarget();
      if (target && !target.classList.contains("search-hit") && target.matches(":target")) target.classList.add("search-hit");
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    syncThemeFromStorage();
    labelTheme();
    labelToggle();
    heldUntil = Date.now() + 3000;
    showHit();
  });
})();
