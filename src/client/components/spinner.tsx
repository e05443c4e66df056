export interface SpinnerProps {
  /** Read by screen readers; shown on screen too when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

export function Spinner({ label = 'Chargement…', showLabel = false }: SpinnerProps) {
  return (
    <div className="ql-spinner-wrap" role="status" aria-live="polite">
      <span className="ql-spinner" aria-hidden="true" />
      <span className={showLabel ? 'ql-spinner-label' : 'ql-visually-hidden'}>{label}</span>
    </div>
  );
}

/** Full-height spinner for pages that are still loading. */
export function PageSpinner() {
  return (
    <div className="ql-page-spinner">
      <Spinner />
    </div>
  );
}
