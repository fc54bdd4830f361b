import {
  api,
  cacheTags,
  transformCode1,
  type DuplicateChoice,
  type ImportColumn,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
} from '@tour/shared';

// The calls of an import from Excel (clients, prepared tours), once for the shell: the users and
// the tours lists share the dialog and these endpoints (apps/api README «Imports from Excel»).

export type { DuplicateChoice, ImportColumn, ImportKind, ImportPreview, ImportResult, ImportRow };

export interface ImportArgs {
  kind: ImportKind;
  file: Blob;
  fileName: string;
  duplicates: DuplicateChoice;
}

/** The path of a kind's calls. */
export const importPath = (kind: ImportKind) => `/admin/imports/${kind}`;

const request = ({ file, fileName, duplicates }: ImportArgs, url: string) => ({
  url,
  method: 'POST' as const,
  data: file,
  params: { duplicates, file_name: fileName },
  // The file's bytes as they are, whatever the browser thinks the file is: the server tells.
  headers: { 'Content-Type': 'application/octet-stream' },
});

export const importCallsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The file checked row by row; nothing is written (POST …/preview). */
    shellImportPreview: build.mutation<ImportPreview | null, ImportArgs>({
      query: (args) => request(args, `${importPath(args.kind)}/preview`),
      transformResponse: transformCode1<ImportPreview | null>(null),
    }),
    /** The import itself: every valid row in one transaction. */
    shellImportRun: build.mutation<ImportResult | null, ImportArgs>({
      query: (args) => request(args, importPath(args.kind)),
      transformResponse: transformCode1<ImportResult | null>(null),
      invalidatesTags: (result, _error, { kind }) =>
        result ? [kind === 'users' ? cacheTags.userLists : cacheTags.tourLists] : [],
    }),
  }),
});

export const { useShellImportPreviewMutation, useShellImportRunMutation } = importCallsApi;
