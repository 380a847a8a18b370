// Only what HTMX can't do: the character counters, Enter to send, the composer's focus, connection state.
(function () {
  "use strict";

  // Every limited box (the composer, a message being edited) has data-max and a .counter in its form;
  // no maxlength, so an over-long paste is kept whole and refused with a reason instead of cut.
  function updateCounter(box) {
    const counter = box && box.form ? box.form.querySelector(".counter") : null;
    if (!counter) return;
    const max = Number(box.dataset.max || 0);
    counter.textContent = box.value.length + " / " + max;
    counter.classList.toggle("over", max > 0 && box.value.length > max);
  }

  function updateCounters() {
    document.querySelectorAll("textarea[data-max]").forEach(updateCounter);
  }

  function errorFor(box) {
    if (box.id === "composer-text") return document.getElementById("composer-error");
    return box.form ? box.form.querySelector(".edit-error") : null;
  }

  document.addEventListener("input", function (e) {
    const box = e.target;
    if (box && box.matches && box.matches("textarea[data-max]")) {
      updateCounter(box);
      const error = errorFor(box);
      if (error) error.textContent = "";  // the complaint was about the text before this edit
    }
  });

  // An edited message over the limit is refused here, beside its box, in the server's words
  // (the server refuses it too); the text stays as typed.
  document.addEventListener("htmx:wsConfigSend", function (e) {
    const form = e.target;
    if (!form || !form.classList || !form.classList.contains("edit-form")) return;
    const box = form.querySelector("textarea[data-max]");
    const max = box ? Number(box.dataset.max || 0) : 0;
    const length = box ? box.value.trim().length : 0;
    if (max > 0 && length > max) {
      e.preventDefault();
      const error = errorFor(box);
      if (error) {
        error.textContent = "That message is " + length.toLocaleString("en-US") + " characters; the limit is " +
          max.toLocaleString("en-US") + ". Please shorten it.";
      }
    }
  });

  // htmx swaps only 2xx answers; an element marked data-swap-errors shows its 400 answer
  // (the form again, saying what was wrong) instead of failing silently.
  document.addEventListener("htmx:beforeSwap", function (e) {
    const elt = e.detail.requestConfig ? e.detail.requestConfig.elt : null;
    if (e.detail.xhr.status === 400 && elt && elt.closest && elt.closest("[data-swap-errors]")) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });

  // Any other htmx action the server refused (a 4xx/5xx htmx does not swap) or that never reached it says so
  // in the page's alert line, in the server's words when it sent some ({code, message}), instead of nothing.
  // The image composer shows its own refusals under itself (static/imagelab.js).
  function pageAlert(text) {
    const alert = document.getElementById("page-alert");
    if (!alert) return;
    alert.querySelector("[data-page-alert-text]").textContent = text;
    alert.setAttribute("role", "alert");  // an alert only while it says something (read out as it appears)
    alert.hidden = false;
  }
  function ownErrors(e) {
    const elt = e.detail && e.detail.elt;
    return !!(elt && elt.closest && elt.closest("#composer"));
  }
  document.addEventListener("htmx:responseError", function (e) {
    if (ownErrors(e)) return;
    const xhr = e.detail.xhr;
    let message = "";
    if ((xhr.getResponseHeader("Content-Type") || "").indexOf("application/json") === 0) {
      try { message = JSON.parse(xhr.responseText).message || ""; } catch (_err) { /* not JSON after all */ }
    }
    if (!message && xhr.status >= 500) message = "Something went wrong on the server; nothing was changed. Please try again.";
    pageAlert(message || "That was refused (" + xhr.status + "). Reload the page and try again.");
  });
  document.addEventListener("htmx:sendError", function (e) {
    if (!ownErrors(e)) pageAlert("That did not reach the server (connection lost). Check the connection and try again.");
  });
  document.addEventListener("click", function (e) {
    const close = e.target.closest && e.target.closest("[data-page-alert-close]");
    if (close) {
      const alert = close.closest("#page-alert");
      alert.hidden = true;
      alert.removeAttribute("role");
    }
  });

  // Enter sends, Shift+Enter makes a new line.
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.id === "composer-text" && e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      const form = document.getElementById("composer");
      if (form) form.requestSubmit();
    }
  });

  // Following the latest message while streaming is static/chatux.js's.
  let oldBox = null;
  let typing = false;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    oldBox = document.getElementById("composer-text");
    typing = !!oldBox && document.activeElement === oldBox;
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    updateCounters();
    // The server swapped the composer's box (emptied, or a refused text handed back): the caret
    // goes after the text (a new box would start at its beginning), and whoever was typing keeps the focus.
    const box = document.getElementById("composer-text");
    if (!box || box === oldBox) return;
    box.setSelectionRange(box.value.length, box.value.length);
    if (typing) box.focus();
  });

  // Resync: the page keeps the newest change it was sent (#sync-mark, chatapp/resync.py) and a reconnect
  // sends it (?since=), so the server sends only what changed meanwhile. A mark never goes back.
  function syncMark() {
    const el = document.getElementById("sync-mark");
    return el ? el.dataset.since || "" : "";
  }
  let seenMark = "";
  document.addEventListener("htmx:wsAfterMessage", function () {
    const el = document.getElementById("sync-mark");
    if (!el) return;
    if (syncMark() < seenMark) el.dataset.since = seenMark;  // marks are fixed-width UTC: text order is time order
    seenMark = syncMark();
  });
  if (window.htmx) {
    htmx.createWebSocket = function (url) {
      const mark = syncMark();
      const socket = new WebSocket(mark ? url + (url.indexOf("?") < 0 ? "?" : "&") + "since=" + encodeURIComponent(mark) : url, []);
      socket.binaryType = htmx.config.wsBinaryType;
      return socket;
    };
    // The extension's default waits up to 64 s between tries (doubling, full jitter): after a server restart
    // of a few seconds a page could sit "reconnecting…" for a minute. Here: doubling from 0.5 s, capped at 4 s,
    // half of each wait random so that many pages do not all come back in the same instant.
    htmx.config.wsReconnectDelay = function (retryCount) {
      const cap = Math.min(500 * Math.pow(2, retryCount), 4000);
      return cap / 2 + Math.random() * cap / 2;
    };
  }

  function setConn(text) {
    const el = document.getElementById("conn");
    if (el) el.textContent = text;
  }
  document.addEventListener("htmx:wsOpen", function () { setConn(""); document.body.dataset.ws = "open"; });
  document.addEventListener("htmx:wsClose", function (e) {
    const code = e.detail && e.detail.event ? e.detail.event.code : 0;
    document.body.dataset.ws = "closed";
    // 4401/4403/4404: the server refused this chat, or it was deleted; the extension does not retry those.
    if (code === 4401) setConn("Your session ended: log in again.");
    else if (code === 4403) setConn("This chat is not available.");
    else if (code === 4404) setConn("This chat was deleted.");
    else setConn("reconnecting…");
  });

  // The Content-Security-Policy refuses inline style="" attributes and on* handlers, so what they did is here:
  // a generated poster's hue (data-hue → --hue), on the page and in every fragment swapped in later…
  function paintHues(root) {
    if (root.matches && root.matches("[data-hue]")) root.style.setProperty("--hue", root.dataset.hue);
    if (root.querySelectorAll) root.querySelectorAll("[data-hue]").forEach(paintHues);
  }
  new MutationObserver(function (changes) {
    changes.forEach(function (change) { change.addedNodes.forEach(paintHues); });
  }).observe(document.documentElement, { childList: true, subtree: true });

  // …and a checkbox that saves its form as soon as it changes (data-autosubmit).
  document.addEventListener("change", function (e) {
    if (e.target && e.target.matches && e.target.matches("[data-autosubmit]") && e.target.form) e.target.form.submit();
  });

  document.addEventListener("DOMContentLoaded", function () {
    paintHues(document.body);
    updateCounters();
    // Only a chat opens at its latest message; other pages open at their top.
    if (document.getElementById("messages")) window.scrollTo({ top: document.body.scrollHeight });
    // A chat is for typing: the composer has the focus, except on touch screens (no keyboard popping up).
    var composer = document.getElementById("composer-text");
    if (composer && document.getElementById("messages") && !window.matchMedia("(pointer: coarse)").matches) {
      composer.focus({ preventScroll: true });
    }
  });
})();
