import {
  api,
  emptyPage,
  transformCode1,
  type AuditEntry,
  type AuditQuery,
  type Paginated,
} from '@tour/shared';

export type { AuditEntry };

/** The search's filters and page: GET /admin/audit's query, who acted under the filter's name. */
export type AuditPageArgs = Omit<AuditQuery, 'page' | 'user_id'> & {
  page: number;
  userId?: AuditQuery['user_id'];
};

// Names carry the feature's prefix: every app injects into the one slice.
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the audit log, newest first (developers and admins). */
    shellAuditPage: build.query<Paginated<AuditEntry>, AuditPageArgs>({
      query: ({ page, search, userId, action, from, to }) => ({
        url: '/admin/audit',
        params: {
          page,
          search: search?.trim() || undefined,
          user_id: userId,
          action: action || undefined,
          from: from || undefined,
          to: to || undefined,
        } satisfies AuditQuery,
      }),
      transformResponse: transformCode1(emptyPage<AuditEntry>()),
    }),
  }),
});

export const { useShellAuditPageQuery } = auditApi;
