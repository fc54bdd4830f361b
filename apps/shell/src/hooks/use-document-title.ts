import { useEffect } from 'react';
import { documentTitle } from '../config/brand';

/** Sets the document title to "<page title> — Турбюро". */
export function useDocumentTitle(pageTitle: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
