import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="agreement.docx"', 'agreement.docx'],
    ['attachment; filename=agreement.docx', 'agreement.docx'],
    ['attachment;filename = "with space.docx" ', 'with space.docx'],
    ['ATTACHMENT; FILENAME="upper.docx"', 'upper.docx'],
    ['attachment; filename="semi;colon \\"quoted\\".docx"', 'semi;colon "quoted".docx'],
    [
      'attachment; filename="fallback.docx"; filename*=UTF-8\'\'%D0%94%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80.docx',
      'Договор.docx',
    ],
    ["attachment; filename*=utf-8'ru'%D0%90%D0%BD%D0%BA%D0%B5%D1%82%D0%B0.docx", 'Анкета.docx'],
    ['attachment; filename*=UTF-8\'\'a%20b.docx; filename="b.docx"', 'a b.docx'],
    ["attachment; filename*=ISO-8859-1''caf%E9.docx", 'café.docx'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.docx; filename="safe.docx"', 'safe.docx'],
    ['attachment; filename*=KOI8-R\'\'%F0.docx; filename="safe.docx"', 'safe.docx'],
    ['attachment; filename*=no-quotes.docx; filename="safe.docx"', 'safe.docx'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.docx"', 'x.docx'],
    ['attachment; name="x"; filename="second.docx"; filename="third.docx"', 'second.docx'],
    ['attachment; title="filename=evil.docx"; filename="real.docx"', 'real.docx'],
  ])('%s -> %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it.each([null, undefined, '', 'attachment', 'inline; size=10', 'attachment; filename=""'])(
    '%p has no file name',
    (header) => {
      expect(fileNameFromContentDisposition(header)).toBeNull();
    },
  );
});
