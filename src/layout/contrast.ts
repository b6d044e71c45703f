/**
 * WCAG 2.1 contrast (§1.4.3): relative luminance of sRGB colours and the ratio between two, and
 * the nearest shade of a colour that reaches a ratio. Pure, so the theme and its tests share it.
 */

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb` (alpha in `#rrggbbaa` ignored) or `rgb(a)(r, g, b[, a])`, alpha laid over `over`. */
export function parseColor(color: string, over: Rgb = [255, 255, 255]): Rgb {
  const c = color.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(c)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((d) => d + d).join("") : hex.slice(0, 6);
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/i.exec(c);
  if (fn) {
    const alpha = fn[4] === undefined ? 1 : Number(fn[4]);
    return [1, 2, 3].map((i, k) => Number(fn[i]) * alpha + over[k]! * (1 - alpha)) as Rgb;
  }
  throw new Error(`not a colour: ${color}`);
}

export const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio (1–21) of a text colour on a background; a translucent text is laid over it. */
export function contrast(text: string, background: string): number {
  const bg = parseColor(background);
  const [a, b] = [luminance(parseColor(text, bg)), luminance(bg)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as Rgb;

/**
 * `color` itself when it reaches `ratio` on `background`, else the first shade towards black (on a
 * light background) or white (on a dark one) that does: the hue stays, only the lightness moves.
 */
export function readable(color: string, background: string, ratio: number): string {
  if (contrast(color, background) >= ratio) return color;
  const bg = parseColor(background);
  const from = parseColor(color, bg);
  const towards: Rgb = luminance(bg) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let t = 0.02; t < 1; t += 0.02) {
    const shade = toHex(mix(from, towards, t));
    if (contrast(shade, background) >= ratio) return shade;
  }
  return toHex(towards);
}
