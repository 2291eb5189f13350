// Downloads that need the bearer token: fetch the file, then save the blob under its name.
import { apiFetch } from '~/lib/api';

function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoded name: fall through to the plain one.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** Resolves false when the server refused; the caller tells the person. */
export async function downloadWithAuth(path: string, fallbackName: string): Promise<boolean> {
  const response = await apiFetch(path, { auth: true }).catch(() => null);
  if (!response?.ok) return false;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
