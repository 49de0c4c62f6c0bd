import { crc32, deflateSync } from "node:zlib";
import type { Category } from "@market/contracts";
import type { Random } from "./random";

/**
 * Campaign visuals for the seeded deals, drawn and PNG-encoded in memory (no image library, no fixtures):
 * a banded gradient in the category's colours under translucent-looking circles and stripes. The pictures
 * use a small palette (8-bit indexed PNG), so they deflate to a few kilobytes and encode in milliseconds.
 */

export type Rgb = readonly [number, number, number];

export const DEAL_IMAGE_WIDTH = 640;
export const DEAL_IMAGE_HEIGHT = 360;

/** Gradient bands per ramp: enough to read as a gradient, few enough to deflate well. */
const STEPS = 40;
/** The palette holds one ramp per layer: the gradient, then lighter and darker copies, then the accent. */
const Layer = { Base: 0, Light: 1, Dark: 2, Accent: 3 } as const;
type Layer = (typeof Layer)[keyof typeof Layer];

/** Per category: the gradient's two ends and an accent colour, loosely evoking the category. */
const CATEGORY_COLOURS: Record<Category, readonly [Rgb, Rgb, Rgb]> = {
  apps: [hex("#4f46e5"), hex("#06b6d4"), hex("#f0abfc")],
  automotive: [hex("#1f2937"), hex("#b91c1c"), hex("#fbbf24")],
  baby: [hex("#fbcfe8"), hex("#bae6fd"), hex("#fef08a")],
  beauty: [hex("#db2777"), hex("#fda4af"), hex("#fff1f2")],
  books: [hex("#78350f"), hex("#d6a15c"), hex("#fef3c7")],
  clothing: [hex("#7c3aed"), hex("#f472b6"), hex("#fde68a")],
  electronics: [hex("#0f172a"), hex("#2563eb"), hex("#22d3ee")],
  events: [hex("#9d174d"), hex("#f97316"), hex("#fde047")],
  grocery: [hex("#15803d"), hex("#a3e635"), hex("#fb923c")],
  health: [hex("#0d9488"), hex("#a7f3d0"), hex("#ffffff")],
  home: [hex("#a16207"), hex("#e7d3b0"), hex("#166534")],
  jewelry: [hex("#312e81"), hex("#c4b5fd"), hex("#facc15")],
  kitchen: [hex("#c2410c"), hex("#fcd34d"), hex("#fef9c3")],
  lifestyle: [hex("#0891b2"), hex("#fca5a5"), hex("#fef3c7")],
  music: [hex("#18181b"), hex("#a21caf"), hex("#34d399")],
  office: [hex("#334155"), hex("#94a3b8"), hex("#38bdf8")],
  pet: [hex("#b45309"), hex("#fde68a"), hex("#65a30d")],
  shoes: [hex("#be123c"), hex("#fb7185"), hex("#f8fafc")],
  sports: [hex("#1d4ed8"), hex("#22c55e"), hex("#facc15")],
  toys: [hex("#f59e0b"), hex("#ef4444"), hex("#3b82f6")],
  videogames: [hex("#4c1d95"), hex("#db2777"), hex("#22d3ee")],
};

/** A shape over the gradient: it recolours the pixels it covers with another layer. */
type Shape =
  | { kind: "disc"; layer: Layer; cx: number; cy: number; r: number }
  | { kind: "ring"; layer: Layer; cx: number; cy: number; r: number; inner: number }
  | { kind: "stripes"; layer: Layer; slope: number; offset: number; width: number; gap: number; count: number };

/** One campaign visual for a deal of the category; every draw differs (angle, shapes, their places). */
export function drawDealImage(rng: Random, category: Category): Uint8Array {
  const [from, to, accent] = CATEGORY_COLOURS[category];
  const flip = rng.chance(0.5);
  const palette = paletteOf(flip ? to : from, flip ? from : to, accent);
  const pixels = drawPixels(rng.between(-Math.PI / 3, Math.PI / 3), drawShapes(rng));
  return encodeIndexedPng(DEAL_IMAGE_WIDTH, DEAL_IMAGE_HEIGHT, palette, pixels);
}

function drawShapes(rng: Random): Shape[] {
  const w = DEAL_IMAGE_WIDTH;
  const h = DEAL_IMAGE_HEIGHT;
  const shapes: Shape[] = [];
  if (rng.chance(0.6)) {
    shapes.push({
      kind: "stripes",
      layer: rng.chance(0.5) ? Layer.Dark : Layer.Light,
      slope: rng.pick([-1, -0.6, 0.6, 1]),
      offset: rng.between(-w / 2, w),
      width: rng.int(10, 28),
      gap: rng.int(14, 36),
      count: rng.int(3, 6),
    });
  }
  for (let i = rng.int(1, 3); i > 0; i--) {
    const r = rng.between(h * 0.15, h * 0.55);
    const cx = rng.between(0, w);
    const cy = rng.between(0, h);
    shapes.push(
      rng.chance(0.3)
        ? { kind: "ring", layer: Layer.Light, cx, cy, r, inner: r * rng.between(0.6, 0.85) }
        : { kind: "disc", layer: rng.chance(0.75) ? Layer.Light : Layer.Dark, cx, cy, r },
    );
  }
  // A small solid accent dot, like a logo or a sticker.
  shapes.push({ kind: "disc", layer: Layer.Accent, cx: rng.between(40, w - 40), cy: rng.between(40, h - 40), r: 18 });
  return shapes;
}

/** Fixed-point scale of the band arithmetic: integer adds in the pixel loops, which V8 runs fastest. */
const ONE = 1 << 16;

/**
 * Palette indices with a leading filter byte (0, None) per row, ready to deflate: the gradient along the
 * angle, then each shape recolouring its spans of each row.
 */
function drawPixels(angle: number, shapes: readonly Shape[]): Uint8Array {
  const w = DEAL_IMAGE_WIDTH;
  const h = DEAL_IMAGE_HEIGHT;
  const stride = w + 1;
  const raw = new Uint8Array(stride * h);
  // |angle| < 90 degrees, so the band index grows with x along every row.
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Projections of the corners on the gradient's direction bound the gradient.
  const corners = [0, w * cos, h * sin, w * cos + h * sin];
  const low = Math.min(...corners);
  // Rounded down, so bands stay within 0..STEPS-1.
  const scale = ((STEPS - 0.01) * ONE) / (Math.max(...corners) - low);
  const step = Math.floor(cos * scale);
  for (let y = 0; y < h; y++) {
    const row = y * stride + 1;
    const start = Math.max(0, Math.floor((y * sin - low) * scale));
    paint(raw, row, 0, w, Layer.Base, start, step);
    for (const shape of shapes) {
      for (const [a, b] of spansOf(shape, y + 0.5)) {
        const from = Math.max(0, Math.round(a));
        const to = Math.min(w, Math.round(b));
        if (shape.layer === Layer.Accent) raw.fill(Layer.Accent * STEPS, row + from, row + Math.max(from, to));
        else paint(raw, row, from, to, shape.layer, start, step);
      }
    }
  }
  return raw;
}

/** Paints x in [from, to) of a row with the layer, each pixel in its gradient band (start + x * step). */
function paint(raw: Uint8Array, row: number, from: number, to: number, layer: Layer, start: number, step: number) {
  const base = layer * STEPS;
  let band = start + from * step;
  for (let x = from; x < to; x++) {
    raw[row + x] = base + (band >> 16);
    band += step;
  }
}

/** The x ranges a shape covers on the row at height y. */
function spansOf(shape: Shape, y: number): [number, number][] {
  if (shape.kind === "stripes") {
    // Stripe k covers x in [offset + k * period + slope * y, ... + width].
    const period = shape.width + shape.gap;
    return Array.from({ length: shape.count }, (_, k): [number, number] => {
      const a = shape.offset + k * period + shape.slope * y;
      return [a, a + shape.width];
    });
  }
  const half = chord(shape.r, y - shape.cy);
  if (half === null) return [];
  if (shape.kind === "disc") return [[shape.cx - half, shape.cx + half]];
  const hole = chord(shape.inner, y - shape.cy);
  if (hole === null) return [[shape.cx - half, shape.cx + half]];
  return [
    [shape.cx - half, shape.cx - hole],
    [shape.cx + hole, shape.cx + half],
  ];
}

/** Half the width of a circle of radius r at distance dy from its centre, or null outside it. */
function chord(r: number, dy: number): number | null {
  const squared = r * r - dy * dy;
  return squared > 0 ? Math.sqrt(squared) : null;
}

function paletteOf(from: Rgb, to: Rgb, accent: Rgb): Rgb[] {
  const base = Array.from({ length: STEPS }, (_, i) => mix(from, to, i / (STEPS - 1)));
  return [
    ...base,
    ...base.map((colour) => mix(colour, [255, 255, 255], 0.3)),
    ...base.map((colour) => mix(colour, [0, 0, 0], 0.22)),
    ...base.map(() => accent),
  ];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round((a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * t)) as unknown as Rgb;
}

function hex(colour: string): Rgb {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG of 8-bit palette indices (colour type 3). raw holds each row's filter byte then its indices, as the
 * IDAT stream wants them before deflate.
 */
export function encodeIndexedPng(width: number, height: number, palette: readonly Rgb[], raw: Uint8Array): Uint8Array {
  if (palette.length === 0 || palette.length > 256) throw new Error(`palette of ${palette.length} colours`);
  if (raw.length !== (width + 1) * height) throw new Error("pixel data does not match the size");
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // bit depth 8, indexed colour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", Buffer.from(palette.flat())),
    // Level 3: about a third of the default level's time for files ~35% larger (still ~10 kB); seeding stays fast.
    chunk("IDAT", deflateSync(raw, { level: 3 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
