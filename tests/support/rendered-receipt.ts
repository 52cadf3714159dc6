import sharp from 'sharp';

export interface RenderedLine {
  readonly name: string;
  readonly price: string;
}

/**
 * A receipt the project prints itself: a header, item lines with right-aligned prices and a total,
 * in a monospaced till font, as a PNG. It lets a plain clone read a real image end to end.
 */
export async function renderReceipt(header: readonly string[], lines: readonly RenderedLine[], total: string): Promise<Buffer> {
  const rows: [string, string][] = [...header.map((h): [string, string] => [h, '']), ['', ''], ...lines.map((l): [string, string] => [l.name, l.price]), ['', ''], ['TOTAL', total]];
  const [width, lineHeight] = [600, 44];
  const text = rows
    .map(([left, right], i) => `<text x="40" y="${80 + i * lineHeight}">${escape(left)}</text><text x="${width - 40}" y="${80 + i * lineHeight}" text-anchor="end">${escape(right)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${120 + rows.length * lineHeight}"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans Mono, Liberation Mono, monospace" font-size="26" fill="#111">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
