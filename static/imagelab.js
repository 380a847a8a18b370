// Image lab: only what HTMX can't do — drop/paste a photo into the file input, and the before/after slider.
(function () {
  "use strict";

  function input() { return document.getElementById("image-input"); }

  function showName(file) {
    const hint = document.getElementById("drop-hint");
    if (hint && file) hint.textContent = file.name + " (" + Math.ceil(file.size / 1024) + " KB)";
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

  // The before/after slider: the range input moves the split.
  document.addEventListener("input", function (e) {
    const t = e.target;
    if (t && t.matches && t.matches(".compare input[type=range]")) t.parentElement.style.setProperty("--pos", t.value + "%");
  });

  // A refused upload answers 4xx with the reason as an out-of-band fragment: let htmx swap it.
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (e.detail.elt && e.detail.elt.id === "composer" && e.detail.xhr.status >= 400 && e.detail.xhr.status < 500) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });
})();
