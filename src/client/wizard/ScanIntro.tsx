import { Pending } from '../on-demand';
import { Card } from '../ui/Card';

/** The scan step's heading and line, also the first screen's server-rendered content. */
export function ScanIntro() {
  return (
    <div className="wz-scan-intro">
      <h2 id="scan-title">Scan Your Receipt</h2>
      <p>Take a photo of the bill and we'll read the items and prices for you.</p>
    </div>
  );
}

/**
 * The scan step while its code or the usage figures are on their way: its heading is in the page's
 * HTML, so the first paint shows what the page is for rather than a spinner. A bill restored at a
 * later step hides the heading (app.astro marks such a visit before the first paint).
 */
export function ScanPending() {
  return (
    <Card aria-labelledby="scan-title">
      <ScanIntro />
      <Pending />
    </Card>
  );
}
