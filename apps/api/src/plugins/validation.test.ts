import { badTextFields, NUL_MESSAGE, SURROGATE_MESSAGE, textFault } from './validation';

describe('textFault', () => {
  it('keeps any text PostgreSQL can store, surrogate pairs included', () => {
    expect(textFault('')).toBeNull();
    expect(textFault('Иссык-Куль, «Аврора»')).toBeNull();
    expect(textFault('😀 👨‍👩‍👧')).toBeNull();
    expect(textFault('A'.repeat(1024 * 1024))).toBeNull();
  });

  it('names U+0000 and a lone half of a surrogate pair, wherever it is', () => {
    expect(textFault('a\u0000b')).toBe(NUL_MESSAGE);
    expect(textFault('x\ud800')).toBe(SURROGATE_MESSAGE);
    expect(textFault('\udc00y')).toBe(SURROGATE_MESSAGE);
    expect(textFault('😀\ud83d')).toBe(SURROGATE_MESSAGE);
    expect(textFault(`${'я'.repeat(100_000)}\udfff`)).toBe(SURROGATE_MESSAGE);
  });
});

describe('badTextFields', () => {
  it('finds faulty strings at any depth and faulty keys on their object, by dotted path', () => {
    const found = badTextFields({
      title: 'ок',
      roles: ['admin', 'a\u0000'],
      details: { note: 'x\ud800', fine: '😀' },
      nested: { 'bad\udc00key': 1 },
    });
    expect(Object.fromEntries(found)).toEqual({
      'roles.1': NUL_MESSAGE,
      'details.note': SURROGATE_MESSAGE,
      nested: SURROGATE_MESSAGE,
    });
  });

  it('walks a body of many keys or deep nesting without recursion', () => {
    const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    expect(badTextFields(many).size).toBe(0);
    const deep = JSON.parse(`${'{"a":'.repeat(10_000)}"\\u0000"${'}'.repeat(10_000)}`);
    expect([...badTextFields(deep).values()]).toEqual([NUL_MESSAGE]);
  });
});
