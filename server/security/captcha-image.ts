import { randomInt } from "node:crypto";

/**
 * Draws a captcha code as an SVG of hand-made stroke glyphs: the code exists only as distorted
 * line geometry, never as text a script could read out of the markup. Glyphs sit on a 4×6 grid.
 */
type Stroke = [number, number][];

const GLYPHS: Record<string, Stroke[]> = {
  "2": [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  "3": [[[0, 0], [4, 0], [2, 2.5], [4, 3.5], [4, 5], [3, 6], [1, 6], [0, 5]]],
  "4": [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  "5": [[[4, 0], [0, 0], [0, 3], [3, 2.5], [4, 3.5], [4, 5], [3, 6], [0, 6]]],
  "6": [[[4, 0], [1, 1], [0, 3], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [1, 3], [0, 4]]],
  "7": [[[0, 0], [4, 0], [1.5, 6]]],
  "8": [[[2, 3], [0.5, 2], [0.5, 1], [1.5, 0], [2.5, 0], [3.5, 1], [3.5, 2], [2, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [2, 3]]],
  "9": [[[4, 2], [3, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 3], [3, 5], [0, 6]]],
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.5], [3, 3.5]]],
  B: [[[0, 0], [0, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]], [[0, 0], [3, 0], [4, 1], [4, 2], [3, 3]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  D: [[[0, 0], [0, 6], [2.5, 6], [4, 4.5], [4, 1.5], [2.5, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.3, 2.7], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]], [[2, 3], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join("");

const WIDTH = 130;
const HEIGHT = 48;
const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const colour = () => `hsl(${randomInt(0, 360)},${randomInt(45, 75)}%,${randomInt(25, 45)}%)`;
const fmt = (n: number) => n.toFixed(1);

export function randomCode(length = 5): string {
  let code = "";
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return code;
}

function glyphPath(char: string, cx: number, cy: number): string {
  const angle = (rand(-22, 22) * Math.PI) / 180;
  const sx = rand(3.2, 4);
  const sy = rand(4.6, 5.4);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return GLYPHS[char]
    .map((stroke) =>
      stroke
        .map(([gx, gy], i) => {
          // Centre the 4×6 glyph, jitter each vertex, then rotate about the cell centre.
          const x = (gx - 2 + rand(-0.25, 0.25)) * sx;
          const y = (gy - 3 + rand(-0.25, 0.25)) * sy;
          return `${i === 0 ? "M" : "L"}${fmt(cx + x * cos - y * sin)} ${fmt(cy + x * sin + y * cos)}`;
        })
        .join(""),
    )
    .join("");
}

export function renderCaptchaSvg(code: string): string {
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f6fa"/>`];
  for (let i = 0; i < 3; i++) {
    const [y0, y1] = [fmt(rand(5, HEIGHT - 5)), fmt(rand(5, HEIGHT - 5))];
    const c1 = `${fmt(rand(20, 60))} ${fmt(rand(0, HEIGHT))}`;
    const c2 = `${fmt(rand(70, 110))} ${fmt(rand(0, HEIGHT))}`;
    const width = fmt(rand(0.8, 1.6));
    parts.push(`<path d="M0 ${y0}C${c1} ${c2} ${WIDTH} ${y1}" stroke="${colour()}" stroke-width="${width}" fill="none" opacity="0.7"/>`);
  }
  const cell = (WIDTH - 10) / code.length;
  [...code].forEach((char, i) => {
    const d = glyphPath(char, 5 + cell * (i + 0.5) + rand(-2, 2), HEIGHT / 2 + rand(-3, 3));
    const style = `stroke="${colour()}" stroke-width="${fmt(rand(2, 2.8))}" stroke-linecap="round" stroke-linejoin="round"`;
    parts.push(`<path d="${d}" ${style} fill="none"/>`);
  });
  for (let i = 0; i < 30; i++) {
    const [cx, cy, r] = [fmt(rand(0, WIDTH)), fmt(rand(0, HEIGHT)), fmt(rand(0.5, 1.4))];
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour()}"/>`);
  }
  const size = `width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" ${size}>${parts.join("")}</svg>`;
}
