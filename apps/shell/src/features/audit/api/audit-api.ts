import { api, emptyPage, transformCode1, type AuditEntry, type Paginated } from '@tour/shared';

export type { AuditEntry };

/** The search's filters and page, as GET /admin/audit takes them. */
export interface AuditPageArgs {
  page: number;
  search?: string;
  userId?: number;
  action?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

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
        },
      }),
      transformResponse: transformCode1(emptyPage<AuditEntry>()),
    }),
  }),
});

export const { useShellAuditPageQuery } = auditApi;
