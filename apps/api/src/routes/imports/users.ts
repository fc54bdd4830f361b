import { isPhoneNumber, PHONE_MESSAGE, type ValidationErrors } from '@tour/core';
import { normalizeEmail, normalizePhone } from '../../lib/contacts';
import { FieldErrors } from '../../lib/field-errors';
import { SaveUserBody } from '@tour/core/contract/users';
import { reaches } from '../../domain/reach';
import { checkDates, saveUser, USER_UNIQUE_FIELDS } from '../users/user-service';
import { passportKey, usersByContacts, type UserWithRoles } from './repository';
import {
  addError,
  bodyValidator,
  EXAMPLE_NOTE,
  isExample,
  matchNote,
  mergeErrors,
  SeenInFile,
  type ImportKind,
  type PlannedRow,
} from './service';
import { exampleCells, importDay, type ImportColumn } from '../../lib/xlsx-import';

// Clients from a spreadsheet (the first day of an operator moving to us): each row checked as the
// user form's save checks it (the same schema and the service's own rules, in the same words),
// matched to an existing user by an exact phone, email or passport number, and saved by saveUser.

type Field =
  | 'full_name'
  | 'phone'
  | 'email'
  | 'birth_date'
  | 'citizenship'
  | 'passport_number'
  | 'passport_issued_at'
  | 'passport_expires_at'
  | 'notes';

const COLUMNS: readonly ImportColumn<Field>[] = [
  {
    field: 'full_name',
    header: 'ФИО',
    aliases: ['Фамилия Имя Отчество', 'Клиент', 'Турист'],
    required: true,
    width: 34,
    example: 'Иванова Анна Сергеевна',
    hint: 'Фамилия, имя и отчество, как в паспорте',
  },
  {
    field: 'phone',
    header: 'Телефон',
    aliases: ['Мобильный телефон', 'Тел.'],
    width: 20,
    example: '+996 700 123 456',
    hint: 'От 7 до 15 цифр, можно с + в начале; пробелы, скобки и дефисы можно оставить',
  },
  {
    field: 'email',
    header: 'Email',
    aliases: ['E-mail', 'Электронная почта', 'Почта'],
    width: 30,
    example: 'anna.ivanova@example.com',
    hint: 'Адрес электронной почты',
  },
  {
    field: 'birth_date',
    header: 'Дата рождения',
    kind: 'date',
    width: 16,
    example: '1990-05-14',
    hint: 'Дата в виде ДД.ММ.ГГГГ (или ячейка с датой)',
  },
  {
    field: 'citizenship',
    header: 'Гражданство',
    width: 18,
    example: 'Кыргызстан',
    hint: 'Страна гражданства',
  },
  {
    field: 'passport_number',
    header: 'Номер паспорта',
    aliases: ['Паспорт', '№ паспорта'],
    width: 18,
    example: 'AC1234567',
    hint: 'Серия и номер загранпаспорта',
  },
  {
    field: 'passport_issued_at',
    header: 'Паспорт выдан',
    aliases: ['Дата выдачи паспорта'],
    kind: 'date',
    width: 16,
    example: '2021-03-01',
    hint: 'Дата выдачи паспорта, ДД.ММ.ГГГГ',
  },
  {
    field: 'passport_expires_at',
    header: 'Паспорт действует до',
    aliases: ['Срок действия паспорта'],
    kind: 'date',
    width: 20,
    example: '2031-03-01',
    hint: 'Дата окончания срока действия паспорта, ДД.ММ.ГГГГ',
  },
  {
    field: 'notes',
    header: 'Заметки',
    aliases: ['Примечание', 'Комментарий'],
    width: 40,
    example: 'Пример: замените эту строку своими клиентами',
    hint: 'Всё, что стоит знать о клиенте',
  },
];

const NOTES = [
  'Одна строка — один клиент. Первая строка листа «Клиенты» — заголовки, их не меняйте.',
  'Клиент, чей телефон, email или номер паспорта уже есть в системе, не создаётся второй раз: ' +
    'перед загрузкой видно «Уже есть: …», и его можно обновить данными из файла или пропустить.',
  'Перед записью показывается проверка каждой строки; строки с ошибками не загружаются.',
  'Строку-пример можно не удалять: она пропускается.',
];

const EXAMPLE = exampleCells(COLUMNS);
const validateBody = bodyValidator(SaveUserBody);

const MESSAGES = {
  phoneInFile: (row: number) => `Этот телефон уже есть в строке ${row}`,
  emailInFile: (row: number) => `Этот email уже есть в строке ${row}`,
  passportInFile: (row: number) => `Этот паспорт уже есть в строке ${row}`,
  otherClient: (name: string) => `Принадлежит другому пользователю: ${name}`,
  outOfReach: (name: string) => `Уже есть: ${name} (клиент другого менеджера, изменить нельзя)`,
  staff: (name: string) => `Уже есть: ${name} (сотрудник или агент, строка пропущена)`,
} as const;

const blankToNull = (text: string) => (text === '' ? null : text);

/** The save body of a row's cells, as the user form would send it (blanks as null). */
function bodyOf(cells: Record<Field, string>): SaveUserBody {
  const date = (text: string) => (text === '' ? null : importDay(text));
  return {
    full_name: cells.full_name,
    phone: blankToNull(cells.phone),
    email: blankToNull(cells.email),
    birth_date: date(cells.birth_date),
    citizenship: blankToNull(cells.citizenship),
    passport_number: blankToNull(cells.passport_number),
    passport_issued_at: date(cells.passport_issued_at),
    passport_expires_at: date(cells.passport_expires_at),
    notes: blankToNull(cells.notes),
  };
}

/** A user only a client (or of no role): an import may update it. */
const isClientOnly = (user: UserWithRoles) => user.roles.every((role) => role === 'client');

type UserRow = PlannedRow<SaveUserBody>;

export const usersImport: ImportKind<Field, SaveUserBody> = {
  entity: 'users',
  sheetName: 'Клиенты',
  fileName: 'Шаблон импорта клиентов.xlsx',
  columns: COLUMNS,
  notes: NOTES,
  uniqueFields: USER_UNIQUE_FIELDS,

  async plan(trx, { viewer }, rows, duplicates) {
    const seen = new SeenInFile();
    const planned: UserRow[] = rows.map(({ row, cells }) => {
      if (isExample(cells, EXAMPLE)) {
        return {
          row,
          values: bodyValues(bodyOf(cells)),
          errors: {},
          action: 'skip',
          match: null,
          note: EXAMPLE_NOTE,
          body: null,
        };
      }
      const body = bodyOf(cells);
      const errors: ValidationErrors = validateBody(body);
      body.full_name = body.full_name.trim();
      if (body.phone) {
        if (!isPhoneNumber(body.phone)) addError(errors, 'phone', PHONE_MESSAGE);
        else body.phone = normalizePhone(body.phone);
      }
      if (body.email && !errors.email) body.email = normalizeEmail(body.email);
      if (body.passport_number) body.passport_number = body.passport_number.trim();
      const inFile = (
        field: Field,
        value: string | null | undefined,
        message: (n: number) => string,
      ) => {
        if (errors[field]) return;
        const earlier = seen.earlier(field, value, row);
        if (earlier !== null) addError(errors, field, message(earlier));
      };
      inFile('phone', body.phone, MESSAGES.phoneInFile);
      inFile('email', body.email, MESSAGES.emailInFile);
      inFile(
        'passport_number',
        body.passport_number && passportKey(body.passport_number),
        MESSAGES.passportInFile,
      );
      return {
        row,
        values: bodyValues(body),
        errors,
        action: 'create',
        match: null,
        note: null,
        body,
      };
    });

    const usable = (row: UserRow, field: Field) => row.body && !row.errors[field];
    const existing = await usersByContacts(trx, {
      emails: planned.flatMap((row) =>
        usable(row, 'email') && row.body!.email ? [row.body!.email] : [],
      ),
      phones: planned.flatMap((row) =>
        usable(row, 'phone') && row.body!.phone ? [row.body!.phone] : [],
      ),
      passports: planned.flatMap((row) =>
        usable(row, 'passport_number') && row.body!.passport_number
          ? [passportKey(row.body!.passport_number)]
          : [],
      ),
    });
    const byEmail = new Map(existing.filter((u) => u.email).map((u) => [u.email!, u]));
    const byPhone = new Map(existing.filter((u) => u.phone).map((u) => [u.phone!, u]));
    const byPassport = new Map<string, UserWithRoles>();
    for (const user of existing) {
      // The first (oldest) holder of a passport number: numbers are not unique in the base.
      const key = user.passport_number && passportKey(user.passport_number);
      if (key && !byPassport.has(key)) byPassport.set(key, user);
    }

    for (const row of planned) {
      const body = row.body;
      if (!body) continue;
      const found: [Field, UserWithRoles | undefined][] = [
        ['phone', usable(row, 'phone') && body.phone ? byPhone.get(body.phone) : undefined],
        ['email', usable(row, 'email') && body.email ? byEmail.get(body.email) : undefined],
        [
          'passport_number',
          usable(row, 'passport_number') && body.passport_number
            ? byPassport.get(passportKey(body.passport_number))
            : undefined,
        ],
      ];
      const matches = found.filter((pair): pair is [Field, UserWithRoles] => pair[1] !== undefined);
      const match = matches[0]?.[1];
      for (const [field, user] of matches) {
        if (user.id !== match!.id)
          addError(row.errors, field, MESSAGES.otherClient(user.full_name));
      }
      const dates = new FieldErrors();
      checkDates(body, { row: match ?? null, roles: match?.roles ?? [] }, dates);
      mergeErrors(row.errors, dates.errors);
      if (!match) continue;
      row.match = { id: match.id, name: match.full_name };
      if (!isClientOnly(match)) {
        row.action = 'skip';
        row.note = MESSAGES.staff(match.full_name);
      } else if (!reaches(viewer, match)) {
        row.action = 'skip';
        row.note = MESSAGES.outOfReach(match.full_name);
      } else {
        row.action = duplicates === 'update' ? 'update' : 'skip';
        row.note = matchNote(match.full_name);
      }
    }
    return planned;
  },

  async save(trx, { viewer, sessionId }, row) {
    const body = row.body!;
    if (row.action === 'create') {
      await saveUser(trx, { ...body, roles: ['client'] }, { viewer, sessionId });
      return;
    }
    // An update sets what the row fills in and keeps the rest: a blank cell never erases.
    const given = Object.fromEntries(
      Object.entries(body).filter(([, value]) => value !== null && value !== ''),
    ) as SaveUserBody;
    await saveUser(trx, { ...given, id: row.match!.id }, { viewer, sessionId });
  },
};

/** The row's values as shown and saved. */
function bodyValues(body: SaveUserBody): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  for (const column of COLUMNS) {
    const value = body[column.field];
    values[column.field] = value === undefined || value === null ? null : String(value);
  }
  return values;
}
