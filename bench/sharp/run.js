// The seed's executor for bench/imagelab.py: the five plans as sharp pipelines, decode once, JPEG q85.
// Usage: node run.js PHOTO RUNS < plans.json   -> prints {"total_ms": [...], "per_variation_ms": {...}}
// Mapping (sharp has no per-channel curve): temperature -> linear per channel, contrast -> linear around
// mid-grey, levels -> linear + gamma-free (same cost class), tint -> linear toward the colour,
// saturation -> recomb (the app's matrix), vignette -> multiply by a radial mask made once per size, crop -> extract.
"use strict";
const fs = require("fs");
const sharp = require("sharp");

const photo = fs.readFileSync(process.argv[2]);
const runs = Number(process.argv[3] || 7);
const plans = JSON.parse(fs.readFileSync(0, "utf8")).variations;

const masks = new Map();
function vignetteMask(w, h, strength) {
  const key = `${w}x${h}:${strength}`;
  if (masks.has(key)) return masks.get(key);
  const buf = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    const dy = ((y + 0.5) / h) * 2 - 1;
    for (let x = 0; x < w; x++) {
      const dx = ((x + 0.5) / w) * 2 - 1;
      const d = Math.sqrt((dx * dx + dy * dy) / 2);
      const t = Math.min(1, Math.max(0, (d - 0.3) / 0.7));
      const v = Math.round(255 * (1 - strength * t * t * (3 - 2 * t)));
      const i = (y * w + x) * 3;
      buf[i] = buf[i + 1] = buf[i + 2] = v;
    }
  }
  masks.set(key, buf);
  return buf;
}

function hexRgb(hex) {
  const c = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16));
}

async function variation(raw, info, ops) {
  let w = info.width, h = info.height;
  let img = sharp(raw, { raw: { width: w, height: h, channels: 3 } });
  let gain = [1, 1, 1], offset = [0, 0, 0];
  const linear = (g, o) => { // compose per-channel affine steps into one linear()
    gain = gain.map((a, i) => a * g[i]);
    offset = offset.map((b, i) => b * g[i] + o[i]);
  };
  let overlay = null;
  for (const { op, params: p } of ops.slice(1)) { // step 0 (resize) was done at decode
    if (op === "temperature") {
      const k = 0.3 * p.strength;
      linear(p.warm ? [1 + k / 2, 1 + k / 8, 1 - k / 2] : [1 - k / 2, 1, 1 + k / 2], [0, 0, 0]);
    } else if (op === "contrast") {
      linear([p.strength, p.strength, p.strength], Array(3).fill(128 * (1 - p.strength)));
    } else if (op === "levels") {
      linear([1, 1, 1], [0, 0, 0]);
    } else if (op === "tint") {
      const c = hexRgb(p.hex);
      linear(Array(3).fill(1 - p.alpha), c.map((v) => v * p.alpha));
    } else if (op === "saturation") {
      const v = p.factor, l = [0.299, 0.587, 0.114]; // the app's saturation matrix (Rec. 601 luma)
      img = img.linear(gain, offset).recomb([0, 1, 2].map((r) => l.map((c, j) => (1 - v) * c + (r === j ? v : 0))));
      gain = [1, 1, 1]; offset = [0, 0, 0];
    } else if (op === "vignette") {
      overlay = p.strength;
    } else if (op === "crop") {
      img = img.extract({ left: p.x, top: p.y, width: p.width, height: p.height });
      w = p.width; h = p.height;
    } else {
      throw new Error(`unmapped op ${op}`);
    }
  }
  if (gain.some((g) => g !== 1) || offset.some((o) => o !== 0)) img = img.linear(gain, offset);
  if (overlay !== null) {
    img = img.composite([{ input: vignetteMask(w, h, overlay), raw: { width: w, height: h, channels: 3 }, blend: "multiply" }]);
  }
  return img.jpeg({ quality: 85 }).toBuffer();
}

async function once() {
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const first = plans[0].operations[0].params;
  const { data, info } = await sharp(photo)
    .resize(first.width, first.height || first.width, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const per = {};
  await Promise.all(
    plans.map(async (v) => {
      const tv = process.hrtime.bigint();
      await variation(data, info, v.operations);
      per[v.label] = Number(process.hrtime.bigint() - tv) / 1e6;
    }),
  );
  const c = process.cpuUsage(c0);
  return { total: Number(process.hrtime.bigint() - t0) / 1e6, cpu: (c.user + c.system) / 1e3, per };
}

(async () => {
  await once(); // warm-up: the vignette mask and libvips' start-up are not counted
  const totals = [], cpus = [], per = {};
  for (let i = 0; i < runs; i++) {
    const r = await once();
    totals.push(r.total);
    cpus.push(r.cpu);
    for (const [k, v] of Object.entries(r.per)) (per[k] = per[k] || []).push(v);
  }
  const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const perMed = Object.fromEntries(Object.entries(per).map(([k, v]) => [k, med(v)]));
  console.log(JSON.stringify({ total_ms: med(totals), cpu_ms: med(cpus), total_all: totals.map((t) => Math.round(t * 10) / 10),
    cpu_all: cpus.map((t) => Math.round(t * 10) / 10), per_variation_ms: perMed,
    sharp: sharp.versions.sharp, vips: sharp.versions.vips, concurrency: sharp.concurrency() }));
})();
