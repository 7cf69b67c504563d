/** The real `fetchImage` of machines/protected-image.machine: the file with the token, as a blob url. */
import { fromCallback, type AnyEventObject } from 'xstate';
import { apiBlob } from './client';

export const fetchProtectedImage = fromCallback<AnyEventObject, { url: string }>(({ input, sendBack }) => {
  const controller = new AbortController();
  let src: string | null = null;
  apiBlob(input.url, { signal: controller.signal }).then(
    (blob) => {
      if (controller.signal.aborted) return;
      src = URL.createObjectURL(blob);
      sendBack({ type: 'image.loaded', src });
    },
    () => {
      if (!controller.signal.aborted) sendBack({ type: 'image.failed' });
    },
  );
  return () => {
    controller.abort();
    if (src) URL.revokeObjectURL(src);
  };
});
