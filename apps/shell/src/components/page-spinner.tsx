// Drawn with a few lines of CSS, not antd's Spin: it shows while the session and the first page
// load, before the UI kit is needed (the login page never loads the kit).
const SPINNER_CSS = `@keyframes tour-spin { to { transform: rotate(360deg); } }
.tour-spinner { display: flex; justify-content: center; align-items: center; padding: 48px; }
.tour-spinner::after {
  content: ''; width: 32px; height: 32px; border-radius: 50%;
  border: 3px solid rgba(22, 119, 255, 0.2); border-top-color: #1677ff;
  animation: tour-spin 0.8s linear infinite;
}
@media (prefers-reduced-motion: reduce) { .tour-spinner::after { animation-duration: 3s; } }`;

/** What the content area shows while a page (or a remote section) loads. */
export function PageSpinner() {
  return (
    <>
      <style>{SPINNER_CSS}</style>
      <div role="status" aria-label="Загрузка" className="tour-spinner" />
    </>
  );
}
