import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import type { Db } from '../../db/database';
import { answers, ok, routeOptions } from '../../lib/route';
import { HttpError } from '../../lib/http-errors';
import { transactionOf } from '../../lib/transaction';
import { GUARDED_ERRORS, ErrorBody } from '@tour/core/contract/common';
import { sendXlsx, XlsxFile } from '../../lib/xlsx';
import { STAFF } from '../../plugins/access';
import { validatorCompiler } from '../../plugins/validation';
import {
  ImportFileBody,
  type ImportKind as ImportPath,
  ImportPreviewJson,
  ImportQuery,
  ImportResultJson,
} from '@tour/core/contract/imports';
import { confirmImport, previewImport, type ImportKind } from './service';
import { toursImport } from './tours';
import { usersImport } from './users';
import {
  FILE_MESSAGES,
  IMPORT_MAX_BYTES,
  importTemplate,
  readImportSheet,
} from '../../lib/xlsx-import';

const TAGS = ['Импорт из Excel'];
const route = routeOptions(TAGS);

/** The body is the file's bytes, read and checked by the handler (the schema documents it). */
const fileBodyCompiler: typeof validatorCompiler = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route);

/** The types an uploaded file is documented to come as (any other is read the same way). */
const FILE_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

interface KindRoute {
  path: ImportPath;
  what: string;
  kind: ImportKind<string, unknown>;
}

const KINDS: KindRoute[] = [
  { path: 'users', what: 'клиентов', kind: usersImport as ImportKind<string, unknown> },
  { path: 'tours', what: 'заготовленных туров', kind: toursImport as ImportKind<string, unknown> },
];

/**
 * The first day of an operator moving to us: its clients and prepared tours from a spreadsheet.
 * For each kind: the template, a preview (every row checked by the create form's rules and matched
 * to existing records; nothing written), and the confirmed import (one transaction; the audit log
 * keeps who, which file and how many). Whoever may create the records may import them: staff.
 */
export const importRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  for (const { path, what, kind } of KINDS) {
    app.get(
      `/admin/imports/${path}/template`,
      route(STAFF, {
        summary: `Шаблон импорта ${what} (XLSX)`,
        description:
          'Лист с заголовками столбцов (обязательные отмечены *) и строкой-примером, и лист ' +
          '«Как заполнять».',
        response: { 200: XlsxFile, ...GUARDED_ERRORS },
      }),
      async (_request, reply) =>
        sendXlsx(reply, {
          name: kind.fileName,
          asciiName: `import-${path}-template.xlsx`,
          content: await importTemplate(kind.sheetName, kind.columns, kind.notes),
        }),
    );
  }

  // Its own plugin: the raw-file body parser and the size refusal's words belong to these routes.
  await app.register(async (plugin) => {
    const upload = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // Whatever the type the browser names (a CSV, a JSON, none at all), the bytes reach the
    // handler, which tells a person what the file is in Russian instead of a bare 415.
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    upload.setErrorHandler((error: FastifyError) => {
      // Passed on to the app's handler (the envelope, the headers), in the file's words.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new HttpError(413, FILE_MESSAGES.tooLarge, { file: [FILE_MESSAGES.tooLarge] });
      }
      throw error;
    });

    for (const { path, what, kind } of KINDS) {
      upload.post(
        `/admin/imports/${path}/preview`,
        {
          ...route(STAFF, {
            summary: `Проверка файла импорта ${what}`,
            description:
              'Тело — файл XLSX как есть (до 5 МБ и 5 000 строк). Каждая строка проверяется ' +
              'по правилам формы создания и сверяется с уже существующими записями; ответ — ' +
              'строки с ошибками по полям и действием (create, update, skip). Ничего не ' +
              'записывается. Файл не того типа, без нужных заголовков или слишком длинный — ' +
              '422 с errors.file; больше 5 МБ — 413.',
            consumes: FILE_TYPES,
            querystring: ImportQuery,
            body: ImportFileBody,
            response: answers(ImportPreviewJson, { 413: ErrorBody }),
          }),
          validatorCompiler: fileBodyCompiler,
        },
        async (request) => {
          const rows = await readImportSheet(request.body, kind.columns);
          const context = { viewer: request.viewer!, sessionId: request.session.id };
          const data = await previewImport(
            db,
            kind,
            context,
            rows,
            request.query.duplicates ?? 'skip',
          );
          return ok(data);
        },
      );

      upload.post(
        `/admin/imports/${path}`,
        {
          ...route(STAFF, {
            summary: `Импорт ${what}`,
            description:
              'Тот же файл, что прошёл проверку. Строки проверяются заново; все строки без ' +
              'ошибок записываются в одной транзакции тем же кодом, что и форма создания ' +
              '(совпадения — по выбору duplicates), строки с ошибками пропускаются и ' +
              'перечисляются в ответе. Импорт записывается в журнал аудита: кто, файл, ' +
              'сколько создано, обновлено и пропущено.',
            consumes: FILE_TYPES,
            querystring: ImportQuery,
            body: ImportFileBody,
            response: answers(ImportResultJson, { 413: ErrorBody }),
          }),
          validatorCompiler: fileBodyCompiler,
        },
        async (request) => {
          const rows = await readImportSheet(request.body, kind.columns);
          const context = { viewer: request.viewer!, sessionId: request.session.id };
          const data = await transactionOf(
            db,
            kind.uniqueFields,
          )((trx) =>
            confirmImport(
              trx,
              kind,
              context,
              rows,
              request.query.duplicates ?? 'skip',
              request.query.file_name?.trim() || undefined,
            ),
          );
          return ok(data);
        },
      );
    }
  });
};
