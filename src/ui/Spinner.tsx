export interface SpinnerProps {
  /** What is loading, read out by screen readers. */
  label: string;
  block?: boolean;
}

export function Spinner({ label, block = true }: SpinnerProps) {
  return (
    <div className={block ? 'spinner-block' : 'spinner-inline-wrap'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
