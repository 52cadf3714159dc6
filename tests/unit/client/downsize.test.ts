import { describe, expect, it } from 'vitest';
import { UPLOAD_LONG_EDGE, uploadSize } from '../../../src/client/scanning/downsize';

describe('uploadSize', () => {
  it('brings a 12 MP portrait photo down to the upload long edge, keeping its shape', () => {
    expect(uploadSize({ width: 3024, height: 4032 })).toEqual({ width: 1800, height: UPLOAD_LONG_EDGE });
  });

  it('brings a landscape photo down by its width', () => {
    expect(uploadSize({ width: 5000, height: 4000 })).toEqual({ width: UPLOAD_LONG_EDGE, height: 1920 });
  });

  it('never enlarges a small photo', () => {
    expect(uploadSize({ width: 900, height: 1600 })).toEqual({ width: 900, height: 1600 });
  });
});
