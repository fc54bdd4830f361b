// The contract's schemas as both sides read them: every exported schema compiles, and the rules a
// request body must keep (SPEC.md, DESIGN.md 2) hold on bodies written here by hand.
import { readdirSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Kind, type TSchema } from '@sinclair/typebox';
import { CountsOf, ErrorBody, IdParam, Ok, Paginated, maxAmountText, paginate } from './common';
import { LoginBody } from './auth';
import { CreateTripBody } from './trips';
import { SaveUserBody } from './users';
import { documentOptions } from './document-options';
import * as accountingModule from './accounting';
import * as agentModule from './agent';
import * as auditModule from './audit';
import * as authModule from './auth';
import * as bookingsModule from './bookings';
import * as commonModule from './common';
import * as companyModule from './company';
import * as documentOptionsModule from './document-options';
import * as documentsModule from './documents';
import * as healthModule from './health';
import * as historyModule from './history';
import * as importsModule from './imports';
import * as invoicesModule from './invoices';
import * as ledgerModule from './ledger';
import * as outboxModule from './outbox';
import * as priceListsModule from './price-lists';
import * as quotesModule from './quotes';
import * as costingsModule from './costings';
import * as ratesModule from './rates';
import * as reconciliationModule from './reconciliation';
import * as reportsModule from './reports';
import * as requestsModule from './requests';
import * as sessionsModule from './sessions';
import * as suppliersModule from './suppliers';
import * as toursModule from './tours';
import * as tripSummaryModule from './trip-summary';
import * as travelPackModule from './travel-pack';
import * as tripPlanModule from './trip-plan';
import * as tripsModule from './trips';
import * as usersModule from './users';
import * as walletsModule from './wallets';

// Checked as the API checks a JSON body (plugins/validation.ts): Ajv with its formats, no coercion.
const ajv = addFormats(new Ajv({ allErrors: true, removeAdditional: false, strict: false }));
const Value = { Check: (schema: TSchema, value: unknown) => ajv.validate(schema, value) };

const MODULES: Record<string, Record<string, unknown>> = {
  'accounting.ts': accountingModule,
  'agent.ts': agentModule,
  'audit.ts': auditModule,
  'auth.ts': authModule,
  'bookings.ts': bookingsModule,
  'common.ts': commonModule,
  'company.ts': companyModule,
  'document-options.ts': documentOptionsModule,
  'documents.ts': documentsModule,
  'health.ts': healthModule,
  'history.ts': historyModule,
  'imports.ts': importsModule,
  'costings.ts': costingsModule,
  'quotes.ts': quotesModule,
  'invoices.ts': invoicesModule,
  'ledger.ts': ledgerModule,
  'outbox.ts': outboxModule,
  'price-lists.ts': priceListsModule,
  'rates.ts': ratesModule,
  'reconciliation.ts': reconciliationModule,
  'reports.ts': reportsModule,
  'requests.ts': requestsModule,
  'sessions.ts': sessionsModule,
  'suppliers.ts': suppliersModule,
  'tours.ts': toursModule,
  'travel-pack.ts': travelPackModule,
  'trip-plan.ts': tripPlanModule,
  'trip-summary.ts': tripSummaryModule,
  'trips.ts': tripsModule,
  'users.ts': usersModule,
  'wallets.ts': walletsModule,
};
const modules = Object.entries(MODULES);

const isSchema = (value: unknown): value is TSchema =>
  typeof value === 'object' && value !== null && Kind in value;

describe('every schema of the contract', () => {
  it('reads every module of this folder', () => {
    const files = readdirSync(__dirname).filter((file) => !file.endsWith('.test.ts'));
    expect(Object.keys(MODULES).sort()).toEqual(files.sort());
    const names = modules.map(([file]) => file);
    for (const area of [
      'trips.ts',
      'wallets.ts',
      'ledger.ts',
      'bookings.ts',
      'reports.ts',
      'agent.ts',
    ]) {
      expect(names).toContain(area);
    }
  });

  it('holds the schemas of the API (over a hundred)', () => {
    const count = modules.flatMap(([, exports]) => Object.values(exports).filter(isSchema)).length;
    expect(count).toBeGreaterThan(100);
  });

  it.each(modules.map(([file, exports]) => [file, exports]))(
    '%s: each schema compiles',
    (_file, exports) => {
      const schemas = Object.values(exports).filter(isSchema);
      for (const schema of schemas) expect(() => ajv.compile(schema)).not.toThrow();
    },
  );
});

describe('common shapes', () => {
  it('a failure is code 0 with a message and field errors', () => {
    expect(
      Value.Check(ErrorBody, { code: 0, message: 'Ошибка', errors: { title: ['Обязательно'] } }),
    ).toBe(true);
    expect(Value.Check(ErrorBody, { code: 1, message: 'Ошибка' })).toBe(false);
  });

  it('a success wraps its data in code 1', () => {
    const body = Ok(IdParam);
    expect(Value.Check(body, { code: 1, data: { id: 5 } })).toBe(true);
    expect(Value.Check(body, { code: 1, data: { id: 0 } })).toBe(false);
  });

  it('paginates 45 rows by 20: page 3 holds rows 41 to 45 of 3 pages', () => {
    const rows = [1, 2, 3, 4, 5];
    const page = paginate(rows, 45, 3, 20);
    expect(page).toEqual({
      data: rows,
      current_page: 3,
      last_page: 3,
      per_page: 20,
      total: 45,
      from: 41,
      to: 45,
    });
    expect(Value.Check(Paginated(IdParam.properties.id), page)).toBe(true);
  });

  it('an empty list is one page with no bounds', () => {
    expect(paginate([], 0, 1, 20)).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 0,
      from: null,
      to: null,
    });
  });

  it('counts every key, none negative', () => {
    const counts = CountsOf(['new', 'done'] as const);
    expect(Value.Check(counts, { new: 2, done: 0 })).toBe(true);
    expect(Value.Check(counts, { new: 2 })).toBe(false);
    expect(Value.Check(counts, { new: -1, done: 0 })).toBe(false);
  });

  it('states the amount bounds in Russian, currencies of one bound together', () => {
    expect(maxAmountText()).toBe('KGS и JPY — до 1 000 000 000, USD и EUR — до 10 000 000');
  });
});

describe('request bodies', () => {
  it('a login needs a login and a password, nothing else', () => {
    expect(
      Value.Check(LoginBody, { login: 'admin@example.com', password: 'secret', remember: true }),
    ).toBe(true);
    expect(Value.Check(LoginBody, { login: '', password: 'secret' })).toBe(false);
    expect(Value.Check(LoginBody, { login: 'a', password: 'b', role: 'admin' })).toBe(false);
  });

  it('a trip needs a start and seats within 1..10 000; an unknown currency is refused', () => {
    expect(
      Value.Check(CreateTripBody, { title: 'Иссык-Куль', starts_on: '2026-07-01', seats: 20 }),
    ).toBe(true);
    expect(Value.Check(CreateTripBody, { title: 'Иссык-Куль', seats: 20 })).toBe(false);
    expect(Value.Check(CreateTripBody, { starts_on: '2026-07-01', seats: 0 })).toBe(false);
    expect(Value.Check(CreateTripBody, { starts_on: '2026-07-01', seats: 10_001 })).toBe(false);
    expect(
      Value.Check(CreateTripBody, { starts_on: '2026-07-01', seats: 20, currency: 'rub' }),
    ).toBe(false);
  });

  it('a user has a name; a password shorter than 8 characters is refused', () => {
    expect(Value.Check(SaveUserBody, { full_name: 'Асанов Бакыт', password: 'abcdefgh' })).toBe(
      true,
    );
    expect(Value.Check(SaveUserBody, { full_name: 'Асанов Бакыт', password: 'abc' })).toBe(false);
    expect(Value.Check(SaveUserBody, { full_name: '' })).toBe(false);
    expect(Value.Check(SaveUserBody, { full_name: 'Асанов', email: 'не почта' })).toBe(false);
  });
});

describe('the document dialog lists', () => {
  it('labels every value in Russian, in the order of the dialog', () => {
    const lists = documentOptions();
    for (const list of Object.values(lists)) {
      for (const option of list as { value: string; label: string }[]) {
        expect(option.label).toMatch(/[а-яё]/i);
      }
    }
  });
});
