// Multipart POSTs to /api through XMLHttpRequest, because fetch cannot report upload progress.
import type { ApiError } from '@agency/contract';
import { ApiRequestError, retryAfterOf } from '~/lib/api-error';

export interface UploadOptions {
  /** Called with the sent fraction (0..1) while the body is uploading. */
  onProgress?: (fraction: number) => void;
  /** Send cookies along (docs/product.md section 6: the job application does). */
  withCredentials?: boolean;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const asApiError = (data: unknown): ApiError | null =>
  data && typeof data === 'object' && typeof (data as ApiError).error === 'string' ? (data as ApiError) : null;

/**
 * POSTs `body` to `/api{path}` and resolves to the parsed JSON answer.
 * Rejects with ApiRequestError: the server's status and `{ error, fields? }` body, or
 * status 0 and no body when no answer arrived (network down, request aborted).
 */
export function uploadForm<T>(
  path: string,
  body: FormData,
  { onProgress, withCredentials = false }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = withCredentials;
    xhr.setRequestHeader('accept', 'application/json');
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener('load', () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
      } else {
        reject(new ApiRequestError(xhr.status, asApiError(data), retryAfterOf(xhr.getResponseHeader('retry-after'))));
      }
    });
    const noAnswer = () => reject(new ApiRequestError(0, null));
    xhr.addEventListener('error', noAnswer);
    xhr.addEventListener('abort', noAnswer);
    xhr.addEventListener('timeout', noAnswer);
    xhr.send(body);
  });
}
