import type { Db } from '../../db/database';
import { paged } from '../../lib/paging';
import { BUSINESS_TIME_ZONE } from '../../domain/business-day';
import * as repo from './repository';
import { AUDIT_PER_PAGE, type AuditEntryJson, type AuditQuery } from '@tour/core/contract/audit';

/**
 * GET /admin/audit: one page of the audit log (the history of every record plus sign-ins,
 * refusals, money movements, role changes and exports), newest first; days in business time.
 */
export function searchAudit(db: Db, query: AuditQuery) {
  const filter: repo.AuditFilter = {
    search: query.search,
    userId: query.user_id,
    action: query.action?.trim() || undefined,
    from: query.from,
    to: query.to,
    timeZone: BUSINESS_TIME_ZONE,
  };
  return paged(
    query,
    AUDIT_PER_PAGE,
    (limit, offset) => repo.pageOfAudit(db, filter, limit, offset),
    () => repo.countAudit(db, filter),
    (row): AuditEntryJson => ({ ...row, created_at: row.created_at.toISOString() }),
  );
}
