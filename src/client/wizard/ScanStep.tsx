import { useStore } from '../use-store';
import { useEffect, useMemo, useRef, useState } from 'react';
import { sampleReceiptLines } from '../../../domain/scanning/review';
import { isOnline, OFFLINE_MESSAGES } from '../online';
import { FAILURE_PANEL_TITLE, failureMessage } from '../scanning/analysis-errors';
import { analyzeReceipt, fileToBase64 } from '../scanning/analyze';
import { $bill } from '../bill/bill-state';
import { restoreDiscardedReview, startReview } from '../bill/bill-store';
import { captureFrame, openCamera, stopCamera } from './camera';
import { downsizeForUpload } from '../scanning/downsize';
import { Dialog } from '../ui/Dialog';
import { OnDemand, Pending, PendingOverlay } from '../on-demand';
import { manualEntry, reviewItems } from './inner-parts';
import { SCAN_SLOT, toast } from '../ui/toasts';
import { ToastSlot } from '../ui/Toasts';
import { ALLOWANCE_USED_MESSAGE, paymentForNextScan, remainingBills } from '../../../domain/scan-credits/freemium';
import { $metering } from '../scan-credits/metering-store';
import { freeBillsLeft, usageShown } from './usage';
import { anonymousUserId, refreshUsage } from './usage-requests';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ScanIntro, ScanPending } from './ScanIntro';
import { scrollToTop } from '../scroll-to-top';

type Phase = { readonly kind: 'idle' } | { readonly kind: 'preview' } | { readonly kind: 'analyzing' } | { readonly kind: 'failed'; readonly message: string };

interface Props {
  readonly onNewBill: () => void;
  readonly onBuyTokens: () => void;
  readonly onRecoverTokens: () => void;
}

export function ScanStep({ onNewBill, onBuyTokens, onRecoverTokens }: Props) {
  const usage = usageShown(useStore($metering));
  const { review, discarded } = useStore($bill);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [file, setFile] = useState<File | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  // Shown when a scan is asked for with no free bill or token left; manual entry and the sample stay free.
  const [allowancePanel, setAllowancePanel] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => () => stopCamera(camera), [camera]);
  useEffect(() => {
    if (camera && video.current) {
      video.current.srcObject = camera;
      void video.current.play().catch(() => undefined);
    }
  }, [camera]);
  useEffect(() => {
    if (allowancePanel) panel.current?.focus();
  }, [allowancePanel]);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl === null ? undefined : URL.revokeObjectURL(previewUrl)), [previewUrl]);
  // The scanner's panels replace one another within the step (preview, analysing, review, failure): the
  // next one starts at the top, as a new step does. Analyze Receipt, tapped at the foot of a tall
  // preview on a small phone, otherwise left the spinner and then the review's heading above the screen.
  const view = review !== null ? 'review' : phase.kind;
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    if (window.scrollY > 0) scrollToTop();
  }, [view]);

  if (usage === null) return <ScanPending />;
  if (review !== null) return <OnDemand part={reviewItems} props={{}} pending={<Pending />} />;

  const outOfAllowance = !usage.canUse;
  /** A scan is refused at once offline, or with nothing left (the out-of-allowance panel), before any photo is taken. */
  const refuseScan = (): boolean => {
    if (!isOnline()) toast(OFFLINE_MESSAGES.scan, 'error', SCAN_SLOT);
    else if (outOfAllowance) setAllowancePanel(true);
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
      // Camera access failure falls back to the file picker.
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
    const image = await downsizeForUpload(file)
      .then(fileToBase64)
      .catch(() => null);
    const result = image === null ? null : await analyzeReceipt(image, await anonymousUserId());
    void refreshUsage();
    if (result?.ok) {
      setFile(null);
      setPhase({ kind: 'idle' });
      startReview(result.value.lines, false, result.value.totalPence, result.value);
    } else if (result && result.error.kind === 'allowance') {
      setFile(null);
      setPhase({ kind: 'idle' });
      setAllowancePanel(true);
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
  const manual = manualOpen && <OnDemand part={manualEntry} props={{ open: true, onClose: () => setManualOpen(false) }} pending={<PendingOverlay />} />;

  if (phase.kind === 'preview' && previewUrl) {
    return (
      <Card aria-labelledby="preview-title">
        <h2 id="preview-title">Is the receipt clear and readable?</h2>
        <img className="wz-preview" src={previewUrl} alt="Photo of the receipt to analyse" />
        <p>Check the photo is sharp and the prices can be read before analysing it.</p>
        <p className="wz-cost">{paymentForNextScan(usage.billsUsed, usage.tokens) === 'token' ? 'This will use 1 token.' : 'This will use 1 free bill.'}</p>
        <div className="wz-actions">
          <Button onClick={cancel}>Cancel</Button>
          <Button variant="primary" onClick={() => void analyze()}>
            Analyze Receipt
          </Button>
        </div>
      </Card>
    );
  }
  if (phase.kind === 'analyzing') {
    return (
      <Card className="wz-analyzing" role="status" aria-live="polite">
        <span className="wz-spinner" aria-hidden="true" />
        <h2>Analyzing receipt…</h2>
        <p>The AI is extracting items and prices. This may take a few seconds.</p>
      </Card>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <Card className="wz-failure" aria-labelledby="failure-title">
        <h2 id="failure-title">{FAILURE_PANEL_TITLE}</h2>
        <p role="alert">{phase.message}</p>
        <div className="wz-actions wz-actions-grid">
          <Button
            variant="primary"
            onClick={() => {
              cancel();
              void startCamera();
            }}
          >
            Take New Photo
          </Button>
          <Button onClick={() => void analyze()}>Retry Same Photo</Button>
          <Button
            onClick={() => {
              cancel();
              setManualOpen(true);
            }}
          >
            Enter Manually
          </Button>
          <Button onClick={cancel}>Cancel</Button>
        </div>
        {hiddenInput}
        {manual}
      </Card>
    );
  }

  return (
    <Card aria-labelledby="scan-title">
      <ScanIntro />
      {discarded !== null ? (
        <div className="wz-panel wz-info" role="region" aria-label="The last reading">
          <p>
            You went back from a receipt read just now ({discarded.lines.length} {discarded.lines.length === 1 ? 'line' : 'lines'}). It is kept until you read another one.
          </p>
          <Button onClick={restoreDiscardedReview}>Back to the last reading</Button>
        </div>
      ) : null}
      {allowancePanel && outOfAllowance ? (
        <div ref={panel} tabIndex={-1} className="wz-panel wz-warning" role="region" aria-labelledby="allowance-title">
          <h3 id="allowance-title">All Free Bills Used</h3>
          <p>{ALLOWANCE_USED_MESSAGE}</p>
          <div className="wz-actions">
            <Button variant="primary" onClick={() => setManualOpen(true)}>
              Enter Items Manually
            </Button>
            <Button onClick={onBuyTokens}>Buy Tokens</Button>
            <Button onClick={onRecoverTokens}>Recover Tokens</Button>
          </div>
        </div>
      ) : null}
      <div className="wz-actions wz-actions-grid">
        {/* With the panel showing, its free Enter Items Manually is the one prominent action. */}
        <Button variant={allowancePanel && outOfAllowance ? 'secondary' : 'primary'} onClick={() => void startCamera()}>
          Use Camera
        </Button>
        <Button onClick={pickFile}>Upload Photo</Button>
        {/* The panel's Enter Items Manually is the same action: not offered twice. */}
        {allowancePanel && outOfAllowance ? null : (
          <Button onClick={() => setManualOpen(true)}>
            Enter Manually <span className="wz-note">(always free)</span>
          </Button>
        )}
        <Button onClick={() => startReview(sampleReceiptLines(), true, null)}>
          Try sample receipt <span className="wz-note">(no cost)</span>
        </Button>
        <Button variant="ghost" onClick={onNewBill}>
          Start New Bill
        </Button>
      </div>
      <ToastSlot at={SCAN_SLOT} />
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
            <Button
              onClick={() => {
                stopCamera(camera);
                setCamera(null);
              }}
            >
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void capture()}>
              Capture
            </Button>
          </div>
        </Dialog>
      ) : null}
      {manual}
    </Card>
  );
}
