import { useEffect, useRef, useState } from 'react';
import './dialogs.css';
import { formatMoney } from '../../../domain/currency';
import type { Bill } from '../../../domain/bill';
import { shareSummary, shareText } from '../../../domain/sharing/share-text';
import { browserShareEnvironment, shareNatively } from './native-share';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Problem } from '../ui/Problem';
import { createShareLink } from '../../contracts/shares';
import { callEndpoint } from '../call-endpoint';
import { copyPng, missingLinkMessage, qrDataUrl, QR_SIZE, shareLinkRequest } from './share-link';

export interface ShareDialogProps {
  /** The bill on the summary step, as the one domain Bill. */
  readonly bill: Bill;
  /** The rate the organiser is paid back at, which the link carries; null for none. */
  readonly payBackRate: string | null;
  /** One diner's individual share; null or absent for the complete bill. */
  readonly dinerId?: string | null;
  readonly open: boolean;
  readonly onClose: () => void;
}

type Copied = 'qr' | 'link' | 'text' | null;
const COPIED_MS = 2000;
const CLOSE_AFTER_SHARE_MS = 1000;

/** 'Share Bill': summary, then QR Code, Share Link, Rich Text and Native Share. */
export function ShareDialog({ bill, payBackRate, dinerId = null, open, onClose }: ShareDialogProps) {
  const [link, setLink] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<Copied>(null);
  const [sharing, setSharing] = useState(false);
  const started = useRef(false);
  const summary = shareSummary(bill, dinerId, payBackRate);

  // The link and QR code are made once, on first open.
  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    callEndpoint(createShareLink, [], shareLinkRequest(bill, payBackRate, dinerId))
      .then(async (made) => {
        if (!made.ok) {
          setProblem(missingLinkMessage(made.code));
          return console.error('share link failed', made.code);
        }
        setLink(made.value.url);
        setQr(await qrDataUrl(made.value.url));
      })
      .catch((e: unknown) => console.error('share link failed', e));
  }, [open, bill, payBackRate, dinerId]);

  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!open) return null;
  if (!summary.ok) return <div role="alert">{summary.error}</div>;
  const s = summary.value;
  const text = link === null ? '' : shareText(s, link);
  const title = s.kind === 'individual' ? `${s.dinerName}'s share` : 'Bill split';

  const copy = (what: Exclude<Copied, null>, action: () => Promise<void>) => () => {
    action().then(
      () => setCopied(what),
      (e: unknown) => console.error('copy failed', e),
    );
  };

  const nativeShare = async () => {
    if (link === null) return;
    setSharing(true);
    try {
      const outcome = await shareNatively({ title, text, url: link }, browserShareEnvironment());
      if (outcome === 'shared') setTimeout(onClose, CLOSE_AFTER_SHARE_MS);
    } finally {
      setSharing(false);
    }
  };

  return (
    <Dialog open title="Share Bill" onClose={onClose} closeButton={false} className="share-dialog">
      {s.kind === 'individual' ? (
        <dl className="rows" aria-label="Share summary">
          <div>
            <dt>Diner</dt>
            <dd>{s.dinerName}</dd>
          </div>
          <div>
            <dt>Items</dt>
            <dd>{s.itemCount}</dd>
          </div>
          <div>
            <dt>Total (including tip)</dt>
            <dd>{formatMoney(s.totalPence, s.currency)}</dd>
          </div>
        </dl>
      ) : (
        <dl className="rows" aria-label="Share summary">
          <div>
            <dt>Total amount</dt>
            <dd>{formatMoney(s.totalPence, s.currency)}</dd>
          </div>
          <div>
            <dt>People</dt>
            <dd>{s.people}</dd>
          </div>
          <div>
            <dt>Items</dt>
            <dd>{s.items}</dd>
          </div>
        </dl>
      )}
      <Problem message={problem} />
      <section aria-label="QR Code" className="share-method">
        <h3>QR Code</h3>
        <div className="qr-frame">{qr ? <img src={qr} width={QR_SIZE} height={QR_SIZE} alt="QR code for the share link" /> : <span className="qr-placeholder" aria-hidden="true" />}</div>
        <Button block disabled={qr === null} onClick={qr ? copy('qr', () => copyPng(qr)) : undefined}>
          {copied === 'qr' ? 'Copied!' : 'Copy QR Code'}
        </Button>
      </section>
      <section aria-label="Share Link" className="share-method">
        <h3>Share Link</h3>
        {link && <input className="input" readOnly value={link} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />}
        <Button block disabled={link === null} onClick={link ? copy('link', () => navigator.clipboard.writeText(link)) : undefined}>
          {copied === 'link' ? 'Copied!' : 'Copy Link'}
        </Button>
      </section>
      <section aria-label="Rich Text" className="share-method">
        <h3>Rich Text</h3>
        <pre className="share-preview">{text}</pre>
        <Button block disabled={link === null} onClick={copy('text', () => navigator.clipboard.writeText(text))}>
          {copied === 'text' ? 'Copied!' : 'Copy Text'}
        </Button>
      </section>
      <section aria-label="Native Share" className="share-method">
        <h3>Native Share</h3>
        <Button variant="primary" block disabled={link === null || sharing} onClick={() => void nativeShare()}>
          {sharing ? 'Sharing...' : 'Share'}
        </Button>
      </section>
      <div className="actions">
        <Button block onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
