import './spinner.css';

/** A small busy indicator; the surrounding control carries the accessible state (aria-busy). */
export function Spinner({ label }: { label?: string }) {
  return label ? (
    <span className="spinner-with-label" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </span>
  ) : (
    <span className="spinner" aria-hidden="true" />
  );
}
