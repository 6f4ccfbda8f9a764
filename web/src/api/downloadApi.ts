import { saveBlob } from '../shared/saveBlob';
import { baseApi } from './baseApi';

type DownloadArgs = { path: string; filename: string };

/**
 * Files from the API (CSV exports, the upload template) through the same base query as every other
 * call: the session's token and X-Min-Position, an expired token refused before sending, a 401 ending
 * the session. The file is handed to the browser under `filename`; the cache keeps nothing of it.
 */
export const downloadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    downloadFile: build.mutation<null, DownloadArgs>({
      queryFn: async ({ path, filename }, _api, _extraOptions, baseQuery) => {
        const answer = await baseQuery({
          url: path,
          // A file when it worked; the envelope (or nothing) when it did not, so the server's message is read as for any call.
          responseHandler: (response) => (response.ok ? response.blob() : response.json().catch(() => null)),
        });
        if (answer.error) return { error: answer.error };
        if (!(answer.data instanceof Blob)) return { error: { status: 'CUSTOM_ERROR', error: 'The answer is not a file' } };
        saveBlob(answer.data, filename);
        return { data: null };
      },
    }),
  }),
});

export const { useDownloadFileMutation } = downloadApi;
