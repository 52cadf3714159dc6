import sharp from 'sharp';

/** One printed row: text alone (a header, a blank), or a name with its price at the right edge. */
export type PrintedRow = string | readonly [name: string, price: string];

/**
 * A receipt the project prints itself, as a PNG: dark till text on white in a monospaced font,
 * prices right-aligned. It lets a plain clone read a real image end to end; the wizard's tests
 * upload it as a phone's photo (in larger print).
 */
export async function renderReceipt(rows: readonly PrintedRow[], { fontSize = 26 }: { readonly fontSize?: number } = {}): Promise<Buffer> {
  // Proportions of a 600 px wide till slip at 26 px print.
  const scale = (n: number) => Math.round((n * fontSize) / 26);
  const [width, lineHeight, top, margin] = [scale(600), scale(44), scale(80), scale(40)];
  const text = rows
    .map((row) => (typeof row === 'string' ? [row, ''] : row))
    .map(
      ([left, right], i) => `<text x="${margin}" y="${top + i * lineHeight}">${escape(left)}</text><text x="${width - margin}" y="${top + i * lineHeight}" text-anchor="end">${escape(right)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${scale(120) + rows.length * lineHeight}"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans Mono, Liberation Mono, monospace" font-size="${fontSize}" fill="#111">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
