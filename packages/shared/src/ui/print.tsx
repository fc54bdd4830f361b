import { Button } from 'antd';

// Printing a report (DESIGN.md 6): the browser's own print of the page, laid out for paper. The
// shell hides its top bar and sidebar with PRINT_HIDDEN_CLASS; a page hides its controls (filters,
// buttons) the same way and writes its filters as a header that only paper shows.

/** Elements with this class are not printed. */
export const PRINT_HIDDEN_CLASS = 'tour-print-hidden';
/** Elements with this class are printed only. */
export const PRINT_ONLY_CLASS = 'tour-print-only';

export const PRINT_CSS =
  `.${PRINT_ONLY_CLASS} { display: none; }\n` +
  '@media print {\n' +
  `  .${PRINT_HIDDEN_CLASS} { display: none !important; }\n` +
  `  .${PRINT_ONLY_CLASS} { display: block; }\n` +
  '  @page { size: landscape; margin: 12mm; }\n' +
  '  main { padding: 0 !important; }\n' +
  '}';

/** The print rules; rendered once by the shell's layout (and by a remote running alone). */
export function PrintStyles() {
  return <style>{PRINT_CSS}</style>;
}

/** «Печать»: the browser's print dialog for the page as it is. */
export function PrintButton() {
  return (
    <Button className={PRINT_HIDDEN_CLASS} onClick={() => window.print()}>
      Печать
    </Button>
  );
}

export interface PrintHeaderProps {
  title: string;
  /** The filters, as label and value. */
  lines: readonly (readonly [string, string])[];
}

/** What the printed page shows above the report: its title and filters (not on screen). */
export function PrintHeader({ title, lines }: PrintHeaderProps) {
  return (
    <div className={PRINT_ONLY_CLASS} aria-hidden="true">
      <strong style={{ fontSize: 16 }}>{title}</strong>
      {lines.map(([label, value]) => (
        <div key={label}>
          {label}: {value}
        </div>
      ))}
    </div>
  );
}
