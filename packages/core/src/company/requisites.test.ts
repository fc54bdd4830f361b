import {
  companyFullName,
  companyShortName,
  isLegalForm,
  missingRequisites,
  requisiteError,
  requisiteNames,
  type CompanyRequisiteValues,
} from './requisites';

const FULL: CompanyRequisiteValues = {
  legal_form: 'osoo',
  name: 'Турбюро',
  inn: '01234567891011',
  okpo: null,
  licence: null,
  city: 'г. Бишкек',
  address: 'г. Бишкек, ул. Киевская, 95',
  phone: '+996 312 62-45-00',
  email: null,
  bank_name: 'ОАО «Айыл Банк»',
  bank_account: '1350100021234567',
  bank_bic: '135001',
  director_position: 'Директор',
  director_name: 'Асанов Бакыт Маратович',
  director_name_genitive: 'Асанова Бакыта Маратовича',
};

describe('missing requisites', () => {
  it('asks nothing more of complete requisites; ОКПО, licence and e-mail are optional', () => {
    expect(missingRequisites(FULL, 'agreement')).toEqual([]);
    expect(missingRequisites(FULL, 'embassy')).toEqual([]);
  });

  it('names what each document lacks, in screen order', () => {
    const partial = { ...FULL, inn: '  ', bank_account: null, director_name_genitive: '' };
    expect(missingRequisites(partial, 'embassy')).toEqual(['inn']);
    expect(missingRequisites(partial, 'agreement')).toEqual([
      'inn',
      'bank_account',
      'director_name_genitive',
    ]);
    expect(requisiteNames(missingRequisites(partial, 'agreement'))).toBe(
      'ИНН, Расчётный счёт, В лице (для договора)',
    );
  });

  it('names every required requisite when nothing is filled in', () => {
    expect(requisiteNames(missingRequisites(null, 'embassy'))).toBe(
      'Организационно-правовая форма, Название, ИНН, Юридический адрес, Телефон, ' +
        'Должность руководителя, ФИО руководителя',
    );
  });
});

describe('company names', () => {
  it('writes the legal form in short and in full, the name in quotes', () => {
    expect(companyShortName(FULL)).toBe('ОсОО «Турбюро»');
    expect(companyFullName(FULL)).toBe('Общество с ограниченной ответственностью «Турбюро»');
    expect(companyShortName({ ...FULL, name: '«Турбюро»' })).toBe('ОсОО «Турбюро»');
    expect(companyShortName({ legal_form: 'ip', name: 'Асанов Б. М.' })).toBe('ИП Асанов Б. М.');
    expect(companyFullName({ legal_form: 'ip', name: 'Асанов Б. М.' })).toBe(
      'Индивидуальный предприниматель Асанов Б. М.',
    );
    expect(companyShortName({ name: 'Турбюро' })).toBe('Турбюро');
    expect(companyFullName({ legal_form: null, name: null })).toBe('');
  });

  it('knows the legal forms', () => {
    expect(isLegalForm('zao')).toBe(true);
    expect(isLegalForm('llc')).toBe(false);
    expect(isLegalForm(1)).toBe(false);
  });
});

describe('requisite checks', () => {
  it.each<[Parameters<typeof requisiteError>[0], string, string | null]>([
    ['inn', '01234567891011', null],
    ['inn', '0123456789', 'ИНН — 14 цифр, без пробелов'],
    ['inn', '0123 4567 8910 11', 'Не больше 14 символов'],
    ['okpo', '1234567a', 'ОКПО — 8 цифр, без пробелов'],
    ['bank_bic', '135001', null],
    ['bank_bic', '13500', 'БИК банка — 6 цифр, без пробелов'],
    ['bank_account', '1350100021234567', null],
    ['bank_account', '135010002123456', 'Расчётный счёт — 16 цифр, без пробелов'],
    ['email', 'info@turburo.kg', null],
    ['email', 'info@', 'Неверный адрес электронной почты'],
    ['phone', '+996 (312) 62-45-00', null],
    ['phone', 'звонить', 'Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
    ['legal_form', 'osoo', null],
    ['legal_form', 'llc', 'Выберите форму из списка'],
    ['name', 'Т'.repeat(201), 'Не больше 200 символов'],
    ['name', '   ', null],
    ['inn', '', null],
  ])('%s %j', (field, value, expected) => {
    expect(requisiteError(field, value)).toBe(expected);
  });

  it('allows an empty requisite', () => {
    expect(requisiteError('director_name', null)).toBeNull();
    expect(requisiteError('address', undefined)).toBeNull();
  });
});
