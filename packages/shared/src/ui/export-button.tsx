import { App, Button } from 'antd';
import { useState } from 'react';
import { http, saveDownload } from '@tour/shared';

export const EXPORT_LABEL = 'Экспорт в XLSX';
export const EXPORT_FAILED = 'Не удалось выгрузить файл. Попробуйте ещё раз.';

/** The server's Russian message of a refused file (its JSON body arrives as a Blob), if any. */
async function refusalOf(error: unknown): Promise<string | null> {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (!(data instanceof Blob)) return null;
  try {
    const text = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(data);
    });
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : null;
  } catch {
    return null;
  }
}

export interface ExportButtonProps {
  /** The export's API path, e.g. `/admin/trips/export`. */
  url: string;
  /** The list's filters, as the screen sends them (undefined ones are left out). */
  params?: Record<string, unknown>;
  /** Used when the answer names no file. */
  fallbackFileName: string;
  /** The button's text for a document that is not a list: «Rooming list (XLSX)», «Ваучер (DOCX)». */
  label?: string;
  /** The accessible name when the label alone does not say whose file it is (a table row's). */
  ariaLabel?: string;
  /** `small` in a table row. */
  size?: 'small' | 'middle';
}

/**
 * "Экспорт в XLSX" for a list (DESIGN.md 6), or a document the server makes (`label`): downloads
 * the server's file for the screen's filters and saves it under the server's name; busy while the
 * file is made, a Russian message if not.
 */
export function ExportButton({
  url,
  params = {},
  fallbackFileName,
  label = EXPORT_LABEL,
  ariaLabel,
  size,
}: ExportButtonProps) {
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
    } catch (error) {
      void message.error((await refusalOf(error)) ?? EXPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} size={size} aria-label={ariaLabel} onClick={() => void run()}>
      {label}
    </Button>
  );
}
