/** A box the first recogniser was unsure of, waiting for the second's reading. */
export interface SecondOpinionDue<Scores> {
  readonly box: number;
  /** The first recogniser's scores for the box, kept for decoding with the second's. */
  readonly first: Scores;
  /** The least probability of a letter the first recogniser read in it. */
  readonly sure: number;
}

/**
 * Adds a doubted box to those due a second reading, keeping at most `most` of them: the least sure.
 * What is kept for them (and the time the second reading takes) no longer grows with the photo.
 */
export function keepLeastSure<Scores>(due: SecondOpinionDue<Scores>[], doubt: SecondOpinionDue<Scores>, most: number): void {
  due.push(doubt);
  if (due.length <= most) return;
  let surest = 0;
  due.forEach((d, i) => {
    if (d.sure > due[surest]!.sure) surest = i;
  });
  due.splice(surest, 1);
}
