import { api, cacheTags, transformCode1, type ValidationErrors } from '@tour/shared';

// The calls of an import from Excel (clients, prepared tours), once for the shell: the users and
// the tours lists share the dialog and these endpoints (apps/api README «Imports from Excel»).

/** What is imported: clients (users) or prepared tours. */
export type ImportKind = 'users' | 'tours';

/** What to do with a row that matches an existing record. */
export type DuplicateChoice = 'skip' | 'update';

export type ImportAction = 'create' | 'update' | 'skip';

export interface ImportColumn {
  field: string;
  header: string;
  kind: 'text' | 'date' | 'number';
  required: boolean;
}

/** One row of the file as the server checked it. */
export interface ImportRow {
  /** The row's number in the sheet, as Excel shows it. */
  row: number;
  /** Values as they would be saved (dates YYYY-MM-DD), by field. */
  values: Record<string, string | null>;
  errors: ValidationErrors;
  action: ImportAction;
  /** The existing record the row matched. */
  match: { id: number; name: string } | null;
  note: string | null;
}

export interface ImportPreview {
  columns: ImportColumn[];
  rows: ImportRow[];
  counts: { total: number; create: number; update: number; skip: number; invalid: number };
}

export interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  skipped_rows: ImportRow[];
}

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
