// A chat page's conveniences: following the latest message (and "jump to latest"), copy buttons,
// relative timestamps, keyboard shortcuts (Esc, ↑, ?), the connection-lost banner and a message
// sent while disconnected (the htmx ws extension queues it; this says so, and says when it went).
(function () {
  "use strict";

  const FOLLOW_SLACK = 160; // px from the bottom that still count as "at the latest message"
  let following = true;

  function $(id) { return document.getElementById(id); }
  function isChat() { return !!$("messages"); }
  function atBottom() {
    return document.body.scrollHeight - (window.innerHeight + window.scrollY) < FOLLOW_SLACK;
  }
  function toLatest() {
    window.scrollTo({ top: document.body.scrollHeight });
    following = true;
    showJump();
  }
  function showJump() {
    const jump = $("jump-latest");
    if (jump) jump.hidden = following;
  }

  // Only the person's own scrolling changes whether the page follows new text.
  window.addEventListener("scroll", function () {
    if (!isChat()) return;
    following = atBottom();
    showJump();
  }, { passive: true });

  // Sending (a message, an edit, a regeneration, an image instruction) goes to the new exchange.
  function sentByPerson(form) {
    const action = form && form.querySelector ? form.querySelector("input[name=action]") : null;
    return form && form.id !== "stop-form" && (!action || action.value !== "stop");
  }
  // …except what names an earlier message (Regenerate, Edit, the ‹ 2/3 › switch): the page stays on that
  // message when it is swapped (or the history is, for a branch), and the arrow pressed keeps the focus.
  let kept = null;
  function namesMessage(form) {
    return !!(form && form.querySelector && form.querySelector("input[name=message]"));
  }
  document.addEventListener("htmx:wsConfigSend", function (e) {
    if (e.defaultPrevented || !sentByPerson(e.target)) return;
    if (!namesMessage(e.target)) { toLatest(); return; }
    const article = e.target.closest("article");
    const arrow = document.activeElement && document.activeElement.closest ? document.activeElement.closest(".versions button") : null;
    kept = article ? { id: article.id, el: article, arrow: arrow ? arrow.className : "" } : null;
    following = false;
  });
  function keepPlace() {
    const article = kept ? $(kept.id) : null;
    if (!article || article === kept.el) return;
    const arrow = kept.arrow ? article.querySelector(".versions button[class='" + kept.arrow + "']") : null;
    kept = null;
    article.scrollIntoView({ block: "nearest" });
    if (arrow && !arrow.disabled) arrow.focus({ preventScroll: true });
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (e.target && e.target.id === "composer") toLatest();
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    keepPlace();
    if (following) window.scrollTo({ top: document.body.scrollHeight });
    showJump();
    paintTimes(document);
    settleQueued();
  });
  document.addEventListener("click", function (e) {
    const target = e.target && e.target.closest ? e.target : null;
    if (!target) return;
    if (target.closest("#jump-latest")) toLatest();
    const copy = target.closest("[data-copy]");
    if (copy) copyAnswer(copy);
  });

  // Copy: the answer's words, then each pick as "Title (year): reason", as plain text.
  function answerText(article) {
    const parts = [];
    const text = article.querySelector(".text");
    if (text && text.innerText.trim()) parts.push(text.innerText.trim());
    article.querySelectorAll(".card-pick").forEach(function (card) {
      const title = card.querySelector(".pick-title");
      const reason = card.querySelector(".reason");
      parts.push("- " + (title ? title.innerText.trim() : "") + (reason ? ": " + reason.innerText.trim() : ""));
    });
    return parts.join("\n");
  }
  function fallbackCopy(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.className = "offscreen";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }
  function copyAnswer(button) {
    const article = button.closest("article");
    if (!article) return;
    const text = answerText(article);
    const done = navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(text).catch(function () { return fallbackCopy(text); })
      : fallbackCopy(text);
    done.then(function () { flash(button, "Copied ✓"); }, function () { flash(button, "Copy failed"); });
  }
  function flash(button, label) {
    button.textContent = label;
    clearTimeout(button._reset);
    button._reset = setTimeout(function () { button.textContent = "Copy"; }, 2000);
  }

  // Timestamps: relative on the page ("3 min ago"), the exact local time on hover.
  function relative(date) {
    const seconds = (Date.now() - date.getTime()) / 1000;
    if (seconds < 45) return "just now";
    if (seconds < 3600) return Math.round(seconds / 60) + " min ago";
    if (seconds < 86400) return Math.round(seconds / 3600) + " h ago";
    const options = { day: "numeric", month: "short" };
    if (date.getFullYear() !== new Date().getFullYear()) options.year = "numeric";
    return date.toLocaleDateString(undefined, options);
  }
  function paintTimes(root) {
    root.querySelectorAll("time.msg-time[datetime]").forEach(function (el) {
      const date = new Date(el.getAttribute("datetime"));
      if (isNaN(date)) return;
      el.textContent = relative(date);
      el.title = date.toLocaleString(undefined, { dateStyle: "full", timeStyle: "medium" });
    });
  }
  setInterval(function () { paintTimes(document); }, 30000);

  // Keyboard: Esc stops a running answer, ↑ in an empty composer edits your last message, ? lists the keys.
  function typingIn(el) {
    return el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  }
  document.addEventListener("keydown", function (e) {
    if (!isChat() || e.defaultPrevented || e.isComposing) return;
    const dialog = $("shortcuts");
    if (dialog && dialog.open) return; // the dialog closes itself on Esc
    if (e.key === "Escape") {
      const editing = e.target && e.target.closest ? e.target.closest("details.edit-box[open]") : null;
      if (editing) { editing.open = false; $("composer-text").focus(); e.preventDefault(); return; }
      const stop = $("stop-button");
      if (stop) { stop.click(); e.preventDefault(); }
    } else if (e.key === "ArrowUp" && e.target && e.target.id === "composer-text" && e.target.value === "") {
      const boxes = document.querySelectorAll(".msg.user details.edit-box");
      const last = boxes[boxes.length - 1];
      if (!last) return;
      e.preventDefault();
      last.open = true;
      const area = last.querySelector("textarea");
      area.focus();
      area.setSelectionRange(area.value.length, area.value.length);
      last.scrollIntoView({ block: "center" });
    } else if (e.key === "?" && !typingIn(e.target) && dialog) {
      e.preventDefault();
      dialog.showModal();
    }
  });

  // Connection: a banner while the socket is down; a message sent meanwhile waits in the ws
  // extension's queue and goes out on reconnect; this says which, and when it went.
  let queued = false;
  function note(text, kind) {
    const el = $("queued-note");
    if (!el) return;
    el.textContent = text;
    el.hidden = !text;
    el.dataset.kind = kind || "";
  }
  function banner(text) {
    const el = $("conn-banner");
    if (!el) return;
    el.hidden = !text;
    const words = el.querySelector(".conn-banner-text");
    if (words && text) words.textContent = text;
  }
  document.addEventListener("htmx:wsConfigSend", function (e) {
    if (e.defaultPrevented || document.body.dataset.ws === "open" || !sentByPerson(e.target)) return;
    if (document.body.dataset.ws === "gone") {
      e.preventDefault();
      note("Not sent: this page is no longer connected (reload it). Your text is still in the box.", "refused");
    } else if (queued) {
      e.preventDefault();
      note("A message is already waiting to be sent: it goes first when the connection is back.", "queued");
    } else {
      queued = true;
      note("Not connected: your message waits here and is sent as soon as the connection is back.", "queued");
    }
  });
  function settleQueued() {
    if (queued && document.body.dataset.ws === "open") {
      queued = false;
      note("Reconnected: your waiting message was sent.", "sent");
      setTimeout(function () { if (!queued) note("", ""); }, 4000);
    }
  }
  document.addEventListener("htmx:wsOpen", function () { banner(""); });
  document.addEventListener("htmx:wsClose", function (e) {
    const code = e.detail && e.detail.event ? e.detail.event.code : 0;
    if (code === 4401 || code === 4403 || code === 4404) {
      document.body.dataset.ws = "gone";
      banner({4401: "Your session ended: log in again.", 4403: "This chat is not available."}[code] ||
        "This chat was deleted.");
      if (queued) {
        queued = false;
        note("Not sent: the connection closed for good. Your text is still in the box.", "refused");
      }
    } else {
      banner("Reconnecting… anything you send now waits and goes out when the connection is back.");
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (!isChat()) return;
    paintTimes(document);
    following = atBottom();
    showJump();
  });
})();
