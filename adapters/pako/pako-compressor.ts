import { deflateRaw, Inflate } from 'pako';
import type { PacketCompressor } from '../../ports/share-links';

/** Raw deflate (no zlib header: 6 bytes fewer per link) with a preset dictionary. */
export const pakoCompressor: PacketCompressor = {
  deflate(bytes, dictionary) {
    return deflateRaw(bytes, { level: 9, dictionary });
  },

  // Streams the output in small chunks and stops as soon as it passes the cap, so a bomb never
  // allocates more than maxBytes plus one chunk.
  inflate(bytes, dictionary, maxBytes) {
    const inflator = new Inflate({ raw: true, dictionary, chunkSize: 4096 });
    const chunks: Uint8Array[] = [];
    let size = 0;
    let tooBig = false;
    inflator.onData = (chunk) => {
      size += chunk.length;
      if (size > maxBytes) {
        tooBig = true;
        throw new InflateCapReached();
      }
      chunks.push(chunk);
    };
    inflator.onEnd = () => {};
    try {
      inflator.push(bytes, true);
    } catch (e) {
      if (e instanceof InflateCapReached) return null;
      throw e;
    }
    if (tooBig || inflator.err !== 0 || !inflator.ended) return null;
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  },
};

class InflateCapReached extends Error {}
