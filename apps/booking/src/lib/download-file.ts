import { http, saveDownload } from '@tour/shared';

/** Downloads a file of the API and saves it (the server's name, else the fallback); false if not. */
export async function downloadFile(url: string, fallbackFileName: string): Promise<boolean> {
  try {
    const response = await http.get<Blob>(url, { responseType: 'blob' });
    return Boolean(
      saveDownload(
        { status: response.status, data: response.data, headers: response.headers },
        fallbackFileName,
      ),
    );
  } catch {
    return false;
  }
}
