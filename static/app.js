// Only what HTMX can't do: the character counter, Enter to send, autoscroll, connection state.
(function () {
  "use strict";

  function updateCounter() {
    const box = document.getElementById("composer-text");
    const counter = document.getElementById("counter");
    if (!box || !counter) return;
    const max = Number(box.dataset.max || 0);
    counter.textContent = box.value.length + " / " + max;
    counter.classList.toggle("over", max > 0 && box.value.length > max);
  }

  function nearBottom() {
    return window.innerHeight + window.scrollY >= document.body.scrollHeight - 160;
  }

  document.addEventListener("input", function (e) {
    if (e.target && e.target.id === "composer-text") {
      updateCounter();
      const error = document.getElementById("composer-error");
      if (error) error.textContent = "";  // the complaint was about the text before this edit
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

  let stick = true;
  document.addEventListener("htmx:wsBeforeMessage", function () { stick = nearBottom(); });
  document.addEventListener("htmx:wsAfterMessage", function () {
    updateCounter();
    if (stick) window.scrollTo({ top: document.body.scrollHeight });
  });

  function setConn(text) {
    const el = document.getElementById("conn");
    if (el) el.textContent = text;
  }
  document.addEventListener("htmx:wsOpen", function () { setConn(""); document.body.dataset.ws = "open"; });
  document.addEventListener("htmx:wsClose", function (e) {
    const code = e.detail && e.detail.event ? e.detail.event.code : 0;
    document.body.dataset.ws = "closed";
    // 4401/4403: the server refused this chat; the extension does not retry those.
    if (code === 4401) setConn("Your session ended: log in again.");
    else if (code === 4403) setConn("This chat is not available.");
    else setConn("reconnecting…");
  });

  document.addEventListener("DOMContentLoaded", function () {
    updateCounter();
    // Only a chat opens at its latest message; other pages open at their top.
    if (document.getElementById("messages")) window.scrollTo({ top: document.body.scrollHeight });
  });
})();
