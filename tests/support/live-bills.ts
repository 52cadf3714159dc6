import type { NewLiveBillRequest } from '../../domain/live-bill/new-live-bill';

/** A bill as the wizard opens it to the table: three diners, a soup, a pizza and three beers on one line. */
export function aLiveBillRequest(change: Partial<NewLiveBillRequest> = {}): NewLiveBillRequest {
  return {
    items: [
      { id: 'soup', name: 'Soup', pricePence: 650, kind: 'item' },
      { id: 'pizza', name: 'Pizza', pricePence: 1299, kind: 'item' },
      { id: 'beer', name: '3 x Peroni', pricePence: 1500, kind: 'item' },
    ],
    diners: [
      { id: 'ann', name: 'Ann' },
      { id: 'bob', name: 'Bob' },
      { id: 'cat', name: 'Cat' },
    ],
    tip: { percent: 10 },
    tipSplit: 'equal',
    ...change,
  };
}
