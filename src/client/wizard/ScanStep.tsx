import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { sampleReceiptLines } from '../../../domain/review';
import { isOnline, OFFLINE_MESSAGES } from '../online';
import { FAILURE_PANEL_TITLE, failureMessage } from './analysis-errors';
import { analyzeReceipt, fileToBase64 } from './analyze';
import { $bill, startReview } from './bill-store';
import { captureFrame, openCamera, stopCamera } from './camera';
import { Dialog } from './Dialog';
import { ManualEntry } from './ManualEntry';
import { ReviewItems } from './ReviewItems';
import { toast } from './toasts';
import { ALLOWANCE_USED_MESSAGE, paymentForNextScan, remainingBills } from '../../../domain/freemium';
import { $usage, anonymousUserId, freeBillsLeft, refreshUsage } from './usage';

type Phase = { readonly kind: 'idle' } | { readonly kind: 'preview' } | { readonly kind: 'analyzing' } | { readonly kind: 'failed'; readonly message: string };

interface Props {
  readonly onNewBill: () => void;
  readonly onBuyTokens: () => void;
  readonly onRecoverTokens: () => void;
}

export function ScanStep({ onNewBill, onBuyTokens, onRecoverTokens }: Props) {
  const usage = useStore($usage);
  const { review } = useStore($bill);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [file, setFile] = useState<File | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => () => stopCamera(camera), [camera]);
  useEffect(() => {
    if (camera && video.current) {
      video.current.srcObject = camera;
      void video.current.play().catch(() => undefined);
    }
  }, [camera]);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl === null ? undefined : URL.revokeObjectURL(previewUrl)), [previewUrl]);

  if (usage === null) {
    return (
      <div className="wz-loading" role="status">
        <span className="wz-spinner" aria-hidden="true" />
        <span>Loading…</span>
      </div>
    );
  }
  if (review !== null) return <ReviewItems />;

  const outOfAllowance = !usage.canUse;
  /** A scan is refused at once offline, or with nothing left (seed 000 §4), before any photo is taken. */
  const refuseScan = (): boolean => {
    if (!isOnline()) toast(OFFLINE_MESSAGES.scan, 'error');
    else if (outOfAllowance) toast(ALLOWANCE_USED_MESSAGE, 'error');
    else return false;
    return true;
  };
  const choose = (chosen: File | null | undefined) => {
    if (!chosen || refuseScan()) return;
    setFile(chosen);
    setPhase({ kind: 'preview' });
  };
  const pickFile = () => {
    if (refuseScan()) return;
    fileInput.current?.click();
  };
  const startCamera = async () => {
    if (refuseScan()) return;
    try {
      setCamera(await openCamera());
    } catch {
      // Camera access failure falls back to the file picker (seed 000 §4).
      fileInput.current?.click();
    }
  };
  const capture = async () => {
    if (!video.current) return;
    const captured = await captureFrame(video.current).catch(() => null);
    stopCamera(camera);
    setCamera(null);
    choose(captured);
  };
  const cancel = () => {
    setFile(null);
    setPhase({ kind: 'idle' });
  };
  const analyze = async () => {
    if (!file) return;
    // Offline, say so at once rather than after a failed request (manual entry still works offline).
    if (!isOnline()) return setPhase({ kind: 'failed', message: failureMessage({ kind: 'network' }) });
    setPhase({ kind: 'analyzing' });
    const image = await fileToBase64(file).catch(() => null);
    const result = image === null ? null : await analyzeReceipt(image, await anonymousUserId());
    void refreshUsage();
    if (result?.ok) {
      setFile(null);
      setPhase({ kind: 'idle' });
      startReview(result.value.lines, false, result.value.totalPence);
    } else if (result && result.error.kind === 'allowance') {
      setFile(null);
      setPhase({ kind: 'idle' });
      toast(ALLOWANCE_USED_MESSAGE, 'error');
    } else {
      setPhase({ kind: 'failed', message: failureMessage(result?.error ?? { kind: 'unknown' }) });
    }
  };

  const hiddenInput = (
    <input
      ref={fileInput}
      type="file"
      accept="image/*"
      className="wz-visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(e) => {
        choose(e.currentTarget.files?.[0]);
        e.currentTarget.value = '';
      }}
    />
  );
  const manual = <ManualEntry open={manualOpen} onClose={() => setManualOpen(false)} />;

  if (phase.kind === 'preview' && previewUrl) {
    return (
      <section className="wz-card" aria-labelledby="preview-title">
        <h2 id="preview-title">Is the receipt clear and readable?</h2>
        <img className="wz-preview" src={previewUrl} alt="Photo of the receipt to analyse" />
        <p>Check the photo is sharp and the prices can be read before analysing it.</p>
        <p className="wz-cost">{paymentForNextScan(usage.billsUsed, usage.tokens) === 'token' ? 'This will use 1 token.' : 'This will use 1 free bill.'}</p>
        <div className="wz-actions">
          <button type="button" className="wz-btn" onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="wz-btn wz-primary" onClick={() => void analyze()}>
            Analyze Receipt
          </button>
        </div>
      </section>
    );
  }
  if (phase.kind === 'analyzing') {
    return (
      <section className="wz-card wz-analyzing" role="status" aria-live="polite">
        <span className="wz-spinner" aria-hidden="true" />
        <h2>Analyzing receipt…</h2>
        <p>The AI is extracting items and prices. This may take a few seconds.</p>
      </section>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <section className="wz-card wz-failure" aria-labelledby="failure-title">
        <h2 id="failure-title">{FAILURE_PANEL_TITLE}</h2>
        <p role="alert">{phase.message}</p>
        <div className="wz-actions wz-actions-grid">
          <button
            type="button"
            className="wz-btn wz-primary"
            onClick={() => {
              cancel();
              void startCamera();
            }}
          >
            Take New Photo
          </button>
          <button type="button" className="wz-btn" onClick={() => void analyze()}>
            Retry Same Photo
          </button>
          <button
            type="button"
            className="wz-btn"
            onClick={() => {
              cancel();
              setManualOpen(true);
            }}
          >
            Enter Manually
          </button>
          <button type="button" className="wz-btn" onClick={cancel}>
            Cancel
          </button>
        </div>
        {hiddenInput}
        {manual}
      </section>
    );
  }

  return (
    <section className="wz-card" aria-labelledby="scan-title">
      <h2 id="scan-title">Scan Your Receipt</h2>
      <p>Take a photo of the bill and we'll read the items and prices for you.</p>
      {outOfAllowance ? (
        <div className="wz-panel wz-warning" role="region" aria-labelledby="allowance-title">
          <h3 id="allowance-title">All Free Bills Used</h3>
          <p>{ALLOWANCE_USED_MESSAGE}</p>
          <div className="wz-actions">
            <button type="button" className="wz-btn wz-primary" onClick={onBuyTokens}>
              Buy Tokens
            </button>
            <button type="button" className="wz-btn" onClick={onRecoverTokens}>
              Recover Tokens
            </button>
            <button type="button" className="wz-btn" onClick={() => setManualOpen(true)}>
              Enter Items Manually
            </button>
          </div>
        </div>
      ) : null}
      <div className="wz-actions wz-actions-grid">
        <button type="button" className="wz-btn wz-primary" onClick={() => void startCamera()}>
          Use Camera
        </button>
        <button type="button" className="wz-btn" onClick={pickFile}>
          Upload Photo
        </button>
        <button type="button" className="wz-btn" onClick={() => setManualOpen(true)}>
          Enter Manually <span className="wz-note">(always free)</span>
        </button>
        <button type="button" className="wz-btn" onClick={() => startReview(sampleReceiptLines(), true, null)}>
          Try sample receipt <span className="wz-note">(no cost)</span>
        </button>
        <button type="button" className="wz-btn wz-quiet" onClick={onNewBill}>
          Start New Bill
        </button>
      </div>
      <div className="wz-cards">
        <div className="wz-stat">
          <h3>Free bills</h3>
          <p className="wz-stat-figure">
            {freeBillsLeft(usage)} of {usage.maxFreeBills}
          </p>
          <p>free bills left this month{usage.daysUntilReset > 0 ? ` · resets in ${usage.daysUntilReset} ${usage.daysUntilReset === 1 ? 'day' : 'days'}` : ''}</p>
        </div>
        <div className="wz-stat" data-tokens={usage.tokens > 0 ? 'yes' : 'no'}>
          <h3>Tokens</h3>
          <p className="wz-stat-figure">{usage.tokens}</p>
          <p>
            {remainingBills(usage)} {remainingBills(usage) === 1 ? 'bill' : 'bills'} remaining in total
          </p>
        </div>
      </div>
      {hiddenInput}
      {camera ? (
        <Dialog
          open
          title="Use Camera"
          onClose={() => {
            stopCamera(camera);
            setCamera(null);
          }}
        >
          <video ref={video} className="wz-video" playsInline muted aria-label="Camera preview" />
          <div className="wz-actions">
            <button
              type="button"
              className="wz-btn"
              onClick={() => {
                stopCamera(camera);
                setCamera(null);
              }}
            >
              Cancel
            </button>
            <button type="button" className="wz-btn wz-primary" onClick={() => void capture()}>
              Capture
            </button>
          </div>
        </Dialog>
      ) : null}
      {manual}
    </section>
  );
}
