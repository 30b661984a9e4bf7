import { ADMIN_TEXT } from '../admin-texts.ts';
import './brand.css';

/** The product's mark and name. */
export function Brand({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className={`brand brand--${tone}`}>
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" />
        <path d="M9 23V9h13v3.5h-8.8v2.6h7.6v3.4h-7.6V23z" />
      </svg>
      <span className="brand__text">
        <span className="brand__name">{ADMIN_TEXT.productName}</span>
        <span className="brand__app">{ADMIN_TEXT.appName}</span>
      </span>
    </span>
  );
}
