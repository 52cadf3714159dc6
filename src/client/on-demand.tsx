import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A part of the UI whose code is fetched when it is first shown, or earlier when the browser is
 * idle (prefetchWhenIdle), so the page's first screen does not wait for it and a tap rarely does.
 */
export interface Part<P> {
  /** The component once its code has arrived: it then renders at once, without a pending frame. */
  loaded: ComponentType<P> | null;
  load(): Promise<ComponentType<P>>;
}

/** `onDemand(() => import('./X').then((m) => m.X))`: a dynamic import, fetched once. */
export function onDemand<P>(importer: () => Promise<ComponentType<P>>): Part<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const part: Part<P> = {
    loaded: null,
    load: () =>
      (loading ??= importer().then(
        (component) => (part.loaded = component),
        (error: unknown) => {
          loading = null; // a later attempt fetches again
          throw error;
        },
      )),
  };
  return part;
}

interface OnDemandProps<P> {
  readonly part: Part<P>;
  readonly props: P;
  /** What shows while the code is on its way. */
  readonly pending: ReactNode;
}

/**
 * Renders a part, fetching its code first if need be; a failed fetch offers to try again. Give
 * each part its own `key` where one place shows different parts: the state belongs to one part.
 */
export function OnDemand<P extends object>({ part, props, pending }: OnDemandProps<P>) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => part.loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Loaded !== null || failed) return;
    let current = true;
    part.load().then(
      (component) => current && setLoaded(() => component),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [part, Loaded, failed]);
  if (Loaded !== null) return <Loaded {...props} />;
  if (!failed) return pending;
  return (
    <div className="on-demand-failed" role="alert">
      <p>This part of the app could not be loaded. Check your connection.</p>
      <button type="button" className="button" onClick={() => setFailed(false)}>
        Try again
      </button>
    </div>
  );
}

/** A part on its way, in place: the wizard's spinner (its styles are in src/styles/app.css). */
export function Pending() {
  return (
    <div className="wz-loading" role="status">
      <span className="wz-spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}

/** A dialog on its way: the spinner over the page, where the dialog will open. */
export function PendingOverlay() {
  return (
    <div className="wz-pending-dialog">
      <Pending />
    </div>
  );
}

/**
 * Fetches the parts while the browser has nothing else to do, one per idle period: each part's code
 * runs as it arrives, so fetched all at once they would keep the main thread busy just as the first
 * screen becomes usable.
 */
export function prefetchWhenIdle(parts: readonly { load(): Promise<unknown> }[]): void {
  const [next, ...rest] = parts;
  if (next === undefined) return;
  whenIdle(
    () =>
      void next.load().then(
        () => prefetchWhenIdle(rest),
        () => undefined, // offline or failing: showing the part fetches it again
      ),
  );
}

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 4000 });
  else setTimeout(task, 500);
}
