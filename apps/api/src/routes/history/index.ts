import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { ErrorBody, GUARDED_ERRORS, IdParam, Ok, Paginated } from '@tour/core/contract/common';
import { STAFF, type Access } from '../../plugins/access';
import type { ScopeViewer } from '../../domain/reach';
import { HistoryEntryJson, HistoryQuery } from '@tour/core/contract/history';
import { historyOf } from './service';
import { type RecordType } from '../../domain/history';

export interface HistoryRouteOptions {
  db: Db;
  url: string;
  record: RecordType;
  tags: string[];
  /** Resolves when the viewer reaches the record; throws its 404 (or 403) otherwise. */
  reach: (viewer: ScopeViewer, id: number) => Promise<void>;
  /** Who may ask at all: every staff member unless the record's section says otherwise. */
  access?: Access;
  /** Rows of the record that are not its changes (a user's sign-ins: the audit log's). */
  excludeActions?: readonly string[];
}

/** A record's "История" tab: GET <url>, one page of its changes, newest first. */
export function historyRoute(app: FastifyInstance, options: HistoryRouteOptions): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    options.url,
    {
      config: { access: options.access ?? STAFF },
      schema: {
        tags: options.tags,
        summary: 'История изменений',
        description:
          'Кто, когда и какое поле изменил, со старым и новым значением; новые сверху, по 50.',
        params: IdParam,
        querystring: HistoryQuery,
        response: { 200: Ok(Paginated(HistoryEntryJson)), 404: ErrorBody, ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      await options.reach(request.viewer!, request.params.id);
      return {
        code: 1 as const,
        data: await historyOf(
          options.db,
          options.record,
          request.params.id,
          request.query,
          options.excludeActions,
        ),
      };
    },
  );
}
