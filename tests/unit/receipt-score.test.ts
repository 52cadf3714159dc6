import { describe, expect, it } from 'vitest';
import { f1, median, merchantNamed, namesAgree, nearSubstring, percentile, scoreItems } from '../../scripts/receipts/score';

describe('receipt benchmark scoring (../shared/receipts/README.md)', () => {
  it('names agree without case, spaces and punctuation, or on a 6-character prefix either way', () => {
    expect(namesAgree('CHEESE START', 'CHEESESTART')).toBe(true);
    expect(namesAgree('Alcachofas a la', 'Alcachofasala...')).toBe(true);
    expect(namesAgree('Local Mineral Water', 'LocalMineralNater')).toBe(true);
    expect(namesAgree('Pima’s Cup', "Pimm'sCup")).toBe(false);
    expect(namesAgree('', 'Soup')).toBe(false);
  });

  it('matches on the exact price, and each line to one item only', () => {
    const truth = [
      { name: 'CappuccinoSmall', price: 2.3 },
      { name: 'CappuccinoSmall', price: 2.3 },
      { name: 'Pain', price: 1.8 },
    ];
    const lines = [
      { label: 'Cappuccino Small', pricePence: 230, kind: 'item' },
      { label: 'Cappuccino Small', pricePence: 230, kind: 'item' },
      { label: 'Cappuccino Small', pricePence: 230, kind: 'item' },
      { label: 'Pain', pricePence: 181, kind: 'item' },
      { label: 'Total', pricePence: 640, kind: 'total' },
    ];
    const score = scoreItems(lines, truth);
    expect(score).toEqual({ matched: 2, extracted: 4, expected: 3 });
    expect(f1(score)).toEqual({ precision: 0.5, recall: 2 / 3, f1: (2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3) });
  });

  it('names the merchant when one of the store boxes is in the reading, or the reading in a box, one slip in five allowed', () => {
    expect(merchantNamed('THE REAL', 'THEREAL GREEK TheRealGreekHoxton')).toBe(true);
    expect(merchantNamed('Caffe Nero', 'CaffeNero')).toBe(true);
    expect(merchantNamed('DiSNEpPARKS', 'DISNEYPARKS CrystalPalace')).toBe(true);
    expect(merchantNamed('sakas', 'saras')).toBe(true);
    expect(merchantNamed('Fenia', 'LaLepia')).toBe(false);
    expect(merchantNamed('HIA', 'CHIPOTLE')).toBe(false);
    expect(merchantNamed('RESTAURANT', 'RESTAURANT PICCADILLY BANGKOKMASALA')).toBe(false);
    expect(merchantNamed(null, 'CHIPOTLE')).toBe(false);
  });

  it('counts the edits from a word to the nearest part of a longer one', () => {
    expect(nearSubstring('nero', 'caffenero')).toBe(0);
    expect(nearSubstring('disneyparks', 'disnepparks')).toBe(1);
    expect(nearSubstring('abc', '')).toBe(3);
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('takes the nearest-rank 95th percentile', () => {
    const times = Array.from({ length: 20 }, (_, i) => 20 - i);
    expect(percentile(times, 95)).toBe(19);
    expect(percentile([7], 95)).toBe(7);
  });
});
