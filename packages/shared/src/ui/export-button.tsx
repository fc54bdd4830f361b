import { App, Button } from 'antd';
import { useState } from 'react';
import { http, saveDownload } from '@tour/shared';

export const EXPORT_LABEL = 'Экспорт в XLSX';
export const EXPORT_FAILED = 'Не удалось выгрузить файл. Попробуйте ещё раз.';

export interface ExportButtonProps {
  /** The export's API path, e.g. `/admin/trips/export`. */
  url: string;
  /** The list's filters, as the screen sends them (undefined ones are left out). */
  params: Record<string, unknown>;
  /** Used when the answer names no file. */
  fallbackFileName: string;
}

/**
 * "Экспорт в XLSX" for a list (DESIGN.md 6): downloads the server's file for the screen's filters
 * and saves it under the server's name; busy while the file is made, a Russian message if not.
 */
export function ExportButton({ url, params, fallbackFileName }: ExportButtonProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const response = await http.get<Blob>(url, { params, responseType: 'blob' });
      const saved = saveDownload(
        { status: response.status, data: response.data, headers: response.headers },
        fallbackFileName,
      );
      if (!saved) void message.error(EXPORT_FAILED);
    } catch {
      void message.error(EXPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void run()}>
      {EXPORT_LABEL}
    </Button>
  );
}
