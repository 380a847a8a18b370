// Image lab: only what HTMX can't do — drop/paste a photo into the file input, the size and length limits,
// refusals, the slider.
(function () {
  "use strict";

  function input() { return document.getElementById("image-input"); }

  function showName(file) {
    const hint = document.getElementById("drop-hint");
    if (hint && file) hint.textContent = file.name + " (" + Math.ceil(file.size / 1024) + " KB)";
    document.getElementById("dropzone")?.classList.toggle("has-file", Boolean(file));
    // A refusal of the photo picked before (too large, not an image) is moot once another one fits.
    if (!tooBig(file)) showError("");
  }

  function showError(text) {
    const error = document.getElementById("composer-error");
    if (error) error.textContent = text;
  }

  // The server's size limit (data-max-bytes on the composer): a bigger photo is refused here,
  // with the reason, instead of being sent only to be cut off by the server's 413.
  function megabytes(bytes) { return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "") + " MB"; }
  function tooBig(file) {
    const form = document.getElementById("composer");
    const max = form ? Number(form.dataset.maxBytes || 0) : 0;
    if (!file || !max || file.size <= max) return false;
    showError(file.name + " is " + megabytes(file.size) + ": a photo can be at most " + megabytes(max) + ".");
    return true;
  }

  function take(files) {
    const box = input();
    if (!box || !files || !files.length) return;
    const dt = new DataTransfer();
    dt.items.add(files[0]);
    box.files = dt.files;
    showName(files[0]);
  }

  document.addEventListener("dragover", function (e) {
    if (!input()) return;
    e.preventDefault();
    document.getElementById("dropzone")?.classList.add("over");
  });
  document.addEventListener("dragleave", function () { document.getElementById("dropzone")?.classList.remove("over"); });
  document.addEventListener("drop", function (e) {
    if (!input() || !e.dataTransfer || !e.dataTransfer.files.length) return;
    e.preventDefault();
    document.getElementById("dropzone")?.classList.remove("over");
    take(e.dataTransfer.files);
  });
  document.addEventListener("paste", function (e) {
    const files = e.clipboardData && e.clipboardData.files;
    if (input() && files && files.length) { e.preventDefault(); take(files); }
  });
  document.addEventListener("change", function (e) {
    if (e.target && e.target.id === "image-input") showName(e.target.files[0]);
  });

  // The before/after slider (under the picture): the range input moves the split.
  document.addEventListener("input", function (e) {
    const t = e.target;
    if (t && t.matches && t.matches(".compare-range")) t.closest(".compare-wrap").style.setProperty("--pos", t.value + "%");
  });

  function isComposer(e) { return e.detail && e.detail.elt && e.detail.elt.id === "composer"; }

  // The instruction over MESSAGE_MAX_CHARS (data-max; the counter is static/app.js's): refused here in
  // the server's words, the text kept whole, the photo not uploaded for nothing. The server refuses it too.
  function tooLong() {
    const box = document.getElementById("composer-text");
    const max = box ? Number(box.dataset.max || 0) : 0;
    const length = box ? box.value.trim().length : 0;
    if (!max || length <= max) return false;
    showError("That message is " + length.toLocaleString("en-US") + " characters; the limit is " +
      max.toLocaleString("en-US") + ". Please shorten it.");
    return true;
  }

  // Nothing is sent while the text or the picked photo is over its limit (the message says why).
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (!isComposer(e)) return;
    const box = input();
    if (tooLong() || (box && box.files && tooBig(box.files[0]))) e.preventDefault();
  });

  // A refused upload answers 4xx with the reason: the page's view as an out-of-band fragment (let
  // htmx swap it), the size guard in front of it as JSON {code, message} (show the message).
  document.addEventListener("htmx:beforeSwap", function (e) {
    const xhr = e.detail.xhr;
    if (!isComposer(e) || xhr.status < 400 || xhr.status >= 500) return;
    e.detail.isError = false;
    if ((xhr.getResponseHeader("Content-Type") || "").indexOf("application/json") === 0) {
      e.detail.shouldSwap = false;
      let message = "";
      try { message = JSON.parse(xhr.responseText).message || ""; } catch (_err) { /* not JSON after all */ }
      showError(message || "The server refused this message (" + xhr.status + ").");
    } else {
      e.detail.shouldSwap = true;
    }
  });

  // The size guard may close the connection before the browser has finished sending.
  document.addEventListener("htmx:sendError", function (e) {
    if (isComposer(e)) showError("The upload did not go through (connection closed): is the photo too large?");
  });
})();

// The full-size compare view (templates/imagelab/chat.html#compare_view): a variation's "Full size" opens
// it; ←/→ (or the buttons) step through the job's finished variations, Z or "100 %" shows real pixels,
// Esc or Close returns to the column it came from.
(function () {
  "use strict";

  const state = { items: [], at: 0, opener: null };
  function view() { return document.getElementById("compare-view"); }
  function part(name) { return view().querySelector("[data-cv-" + name + "]"); }

  // The job's variations that have a final image, in column order.
  function itemsOf(job) {
    const columns = Array.from(job.querySelectorAll(".column"));
    return columns.filter(function (col) { return col.querySelector(".final .compare .after"); }).map(function (col) {
      return {
        number: columns.indexOf(col) + 1,
        label: (col.querySelector(".col-label") || {}).textContent || "",
        before: col.querySelector(".compare .before").getAttribute("src"),
        after: col.querySelector(".compare .after").getAttribute("src"),
        count: columns.length,
      };
    });
  }

  function show(index) {
    const n = state.items.length;
    if (!n) return;
    state.at = (index + n) % n;
    const item = state.items[state.at];
    const dialog = view();
    dialog.querySelector(".compare .before").src = item.before;
    const after = dialog.querySelector(".compare .after");
    after.src = item.after;
    after.alt = "Variation " + item.number + ": " + item.label;
    part("number").textContent = String(item.number);
    part("count").textContent = String(item.count);
    part("label").textContent = item.label;
    part("prev").disabled = part("next").disabled = n < 2;
  }

  function zoom(on) {
    const dialog = view();
    const actual = on === undefined ? !dialog.classList.contains("is-actual") : on;
    dialog.classList.toggle("is-actual", actual);
    part("zoom").setAttribute("aria-pressed", String(actual));
  }

  function open(button) {
    const job = button.closest(".job");
    const dialog = view();
    if (!job || !dialog) return;
    state.items = itemsOf(job);
    state.opener = button;
    const column = button.closest(".column");
    const here = state.items.findIndex(function (item) { return item.after === column.querySelector(".compare .after").getAttribute("src"); });
    zoom(false);
    show(Math.max(here, 0));
    dialog.showModal();
    dialog.querySelector(".cv-stage").focus();
  }

  function close() {
    const dialog = view();
    if (dialog && dialog.open) dialog.close();
  }

  document.addEventListener("click", function (e) {
    const t = e.target && e.target.closest ? e.target : null;
    if (!t) return;
    if (t.closest("[data-compare-open]")) { open(t.closest("[data-compare-open]")); return; }
    // A click on a column's picture opens it full size too (the keyboard's way is the button).
    const picture = t.closest(".column .compare");
    if (picture) { const button = picture.closest(".final").querySelector("[data-compare-open]"); if (button) open(button); return; }
    if (!t.closest("#compare-view")) return;
    if (t.closest("[data-cv-prev]")) show(state.at - 1);
    else if (t.closest("[data-cv-next]")) show(state.at + 1);
    else if (t.closest("[data-cv-zoom]")) zoom();
    else if (t.closest("[data-cv-close]")) close();
    else if (t.id === "compare-view") close(); // a click on the backdrop
  });

  // Keys inside the view are the view's own: none reaches the chat's shortcuts (Esc there stops an answer).
  document.addEventListener("keydown", function (e) {
    const dialog = view();
    if (!dialog || !dialog.open || !dialog.contains(e.target)) return;
    e.stopPropagation();
    const onSlider = e.target.matches(".cv-range");
    if (e.key === "Escape") { e.preventDefault(); close(); }
    else if (e.key === "ArrowLeft" && !onSlider) { e.preventDefault(); show(state.at - 1); }
    else if (e.key === "ArrowRight" && !onSlider) { e.preventDefault(); show(state.at + 1); }
    else if ((e.key === "z" || e.key === "Z") && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); zoom(); }
  }, true);

  // At 100 % the variation's pixels are the measure: the source (often a smaller preview) is drawn at the
  // same width, so the split compares like with like.
  document.addEventListener("load", function (e) {
    const img = e.target;
    if (img && img.matches && img.matches("#compare-view img.after") && img.naturalWidth) {
      img.closest(".cv-compare").style.setProperty("--cv-width", img.naturalWidth + "px");
    }
  }, true);

  document.addEventListener("close", function (e) {
    if (e.target && e.target.id === "compare-view" && state.opener && state.opener.isConnected) state.opener.focus();
  }, true);
})();
