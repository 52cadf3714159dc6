import sharp from 'sharp';
for (const t of ['light', 'dark']) for (const w of [320, 390]) {
  const img = sharp(`/tmp/shots/summary-${t}-${w}.png`);
  const { width, height } = await img.metadata();
  await img.extract({ left: 0, top: Math.floor(height * 0.42), width, height: Math.floor(height * 0.4) }).toFile(`/tmp/shots/crop-${t}-${w}.png`);
}
