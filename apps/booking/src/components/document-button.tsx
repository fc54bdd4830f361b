import { useState } from 'react';
import { App, Button } from '@tour/shared/ui';
import { downloadFile } from '../lib/download-file';

export const DOCUMENT_FAILED = 'Не удалось получить документ. Попробуйте ещё раз.';

export interface DocumentButtonProps {
  /** The document's API path, e.g. `/admin/booking/12/voucher`. */
  url: string;
  /** The button's text: «Rooming list (XLSX)», «Ваучер (DOCX)». */
  label: string;
  /** Used when the answer names no file. */
  fallbackFileName: string;
}

/**
 * A document the server makes (a rooming list, an insurer's list, a voucher): busy while it is
 * made, saved under the server's name, a Russian message if it fails. The kit's ExportButton is
 * the same for lists but always says «Экспорт в XLSX».
 */
export function DocumentButton({ url, label, fallbackFileName }: DocumentButtonProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      if (!(await downloadFile(url, fallbackFileName))) void message.error(DOCUMENT_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void run()}>
      {label}
    </Button>
  );
}
