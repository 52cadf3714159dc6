import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QrDialog } from '../../../src/client/sharing/QrDialog';
import { ShareDialog } from '../../../src/client/sharing/ShareDialog';
import { billOf } from '../../support/share-packets';

const bill = billOf({ diners: [{ id: 'a', name: 'Alice' }], items: [{ name: 'Chips', pricePence: 350, assignedTo: ['a'] }], tipPence: 35 });
const noop = () => {};

describe('share and QR dialogs', () => {
  it('render nothing while closed', () => {
    expect(renderToStaticMarkup(<ShareDialog bill={bill} payBackRate={null} open={false} onClose={noop} />)).toBe('');
    expect(renderToStaticMarkup(<QrDialog bill={bill} payBackRate={null} open={false} onClose={noop} />)).toBe('');
  });

  it('show the documents’ titles, summary and the four methods when open', () => {
    const share = renderToStaticMarkup(<ShareDialog bill={bill} payBackRate={null} dinerId="a" open onClose={noop} />);
    for (const text of ['Share Bill', 'Alice', '£3.85', 'QR Code', 'Copy QR Code', 'Share Link', 'Copy Link', 'Rich Text', 'Copy Text', 'Native Share']) expect(share).toContain(text);
    const qr = renderToStaticMarkup(<QrDialog bill={bill} payBackRate={null} open onClose={noop} />);
    expect(qr).toContain('QR Code');
    expect(qr).toContain('Scan this QR code to view the bill split:');
  });

  it('says so when the chosen diner is not on the bill', () => {
    expect(renderToStaticMarkup(<ShareDialog bill={bill} payBackRate={null} dinerId="zed" open onClose={noop} />)).toContain('Selected diner not found');
  });
});
