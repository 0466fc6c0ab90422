import type { ApiError } from '../../../../shared/errors.ts';
import { IMAGE_FIELD, type ImageUploadResult } from '../../../../shared/images.ts';
import { ApiRequestError, reportAuthFailure, TOKEN_STORAGE_KEY } from '../../../lib/api-client.ts';

/**
 * POST /api/images with the picture in the field 'image' (the shop's image host). Sent with
 * XMLHttpRequest because fetch cannot report upload progress; the bearer token and the
 * 401/403 handling are the API client's.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImageUploadResult['data']> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status === 201 || xhr.status === 200) {
        onProgress(1);
        resolve((xhr.response as ImageUploadResult).data);
        return;
      }
      reportAuthFailure(xhr.status);
      reject(new ApiRequestError(xhr.status, (xhr.response ?? undefined) as ApiError | undefined));
    });
    xhr.addEventListener('error', () => reject(new Error('The picture could not be sent. Check the connection and try again.')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(IMAGE_FIELD, file, file.name);
    xhr.send(form);
  });
}
