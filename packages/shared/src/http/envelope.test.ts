import { AxiosHeaders } from 'axios';
import {
  OBJECT_URL_LIFETIME_MS,
  dataIfCode1,
  downloadResult,
  emptyPage,
  isAuthenticatedUser,
  isCode1,
  loginResult,
  saveBlob,
  saveDownload,
  saveResult,
  userSaveResult,
} from './envelope';

const user = { id: 1, full_name: 'Айбек Токтогулов', email: null };

describe('dataIfCode1', () => {
  it('gives data for code 1', () => {
    expect(dataIfCode1({ status: 200, data: { code: 1, data: [1, 2] } }, [])).toEqual([1, 2]);
    expect(dataIfCode1({ status: 200, data: { code: 1, data: null } }, 'empty')).toBeNull();
    expect(dataIfCode1({ status: 200, data: { code: 1, data: 0 } }, 5)).toBe(0);
  });

  it('gives the empty value for any other code or body', () => {
    expect(dataIfCode1({ status: 200, data: { code: 0, data: [1] } }, [])).toEqual([]);
    expect(dataIfCode1({ status: 200, data: { code: '1', data: [1] } }, [])).toEqual([]);
    expect(dataIfCode1({ status: 200, data: { data: [1] } }, [])).toEqual([]);
    expect(dataIfCode1({ status: 200, data: { code: 1 } }, 'none')).toBe('none');
    expect(dataIfCode1({ status: 200, data: [{ code: 1 }] }, 'none')).toBe('none');
    expect(dataIfCode1({ status: 200, data: 'oops' }, 'none')).toBe('none');
    expect(dataIfCode1({ status: 500 }, 'none')).toBe('none');
    expect(dataIfCode1(null, 'none')).toBe('none');
    expect(dataIfCode1(undefined, 'none')).toBe('none');
  });
});

describe('emptyPage', () => {
  it("is Laravel's paginator with no rows, a new one each time", () => {
    const page = emptyPage<{ id: number }>();
    expect(page).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 0,
      from: null,
      to: null,
    });
    expect(emptyPage()).not.toBe(page);
    expect(dataIfCode1({ status: 200, data: { code: 0, data: { data: [1] } } }, page)).toBe(page);
  });
});

describe('isCode1', () => {
  it('recognises a code-1 envelope only', () => {
    expect(isCode1({ code: 1 })).toBe(true);
    expect(isCode1({ code: 0 })).toBe(false);
    expect(isCode1(null)).toBe(false);
    expect(isCode1(1)).toBe(false);
  });
});

describe('userSaveResult', () => {
  it('succeeds only on status 200 with code 1', () => {
    expect(userSaveResult({ status: 200, data: { code: 1, data: user } })).toEqual({
      ok: true,
      data: user,
    });
  });

  it('returns the errors field of a failed save', () => {
    const errors = { email: ['Такой email уже есть'] };
    expect(userSaveResult({ status: 422, data: { code: 0, message: 'x', errors } })).toEqual({
      ok: false,
      errors,
    });
    expect(userSaveResult({ status: 200, data: { code: 0, errors } })).toEqual({
      ok: false,
      errors,
    });
  });

  it('returns false when there is no usable errors field', () => {
    expect(userSaveResult({ status: 201, data: { code: 1, data: user } })).toEqual({
      ok: false,
      errors: false,
    });
    expect(userSaveResult({ status: 500, data: { code: 0 } })).toEqual({
      ok: false,
      errors: false,
    });
    expect(userSaveResult({ status: 422, data: { errors: ['a'] } })).toEqual({
      ok: false,
      errors: false,
    });
    expect(userSaveResult({ status: 422, data: { errors: null } })).toEqual({
      ok: false,
      errors: false,
    });
    expect(userSaveResult(undefined)).toEqual({ ok: false, errors: false });
  });

  it('is the generic save rule', () => {
    expect(saveResult<number>({ status: 200, data: { code: 1, data: 7 } })).toEqual({
      ok: true,
      data: 7,
    });
  });
});

describe('loginResult and isAuthenticatedUser', () => {
  it('gives the user on status 200 with a non-empty user', () => {
    expect(loginResult({ status: 200, data: { user } })).toEqual(user);
  });

  it('gives null otherwise', () => {
    expect(loginResult({ status: 200, data: { user: {} } })).toBeNull();
    expect(loginResult({ status: 200, data: { user: null } })).toBeNull();
    expect(loginResult({ status: 200, data: { user: [] } })).toBeNull();
    expect(loginResult({ status: 200, data: {} })).toBeNull();
    expect(loginResult({ status: 204, data: { user } })).toBeNull();
    expect(loginResult({ status: 422, data: { errors: { login: ['Неверно'] } } })).toBeNull();
    expect(loginResult(null)).toBeNull();
  });

  it('counts a non-empty object as an authenticated user', () => {
    expect(isAuthenticatedUser(user)).toBe(true);
    expect(isAuthenticatedUser({})).toBe(false);
    expect(isAuthenticatedUser([1])).toBe(false);
    expect(isAuthenticatedUser(null)).toBe(false);
    expect(isAuthenticatedUser('user')).toBe(false);
  });
});

describe('downloadResult', () => {
  const blob = new Blob(['docx'], { type: 'application/octet-stream' });

  it('gives the blob and its file name on status 200', () => {
    const headers = new AxiosHeaders({
      'Content-Disposition': 'attachment; filename="embassy.docx"',
    });
    expect(downloadResult({ status: 200, data: blob, headers })).toEqual({
      blob,
      fileName: 'embassy.docx',
    });
    expect(
      downloadResult({
        status: 200,
        data: blob,
        headers: { 'content-disposition': "attachment; filename*=UTF-8''%D0%90.docx" },
      }),
    ).toEqual({ blob, fileName: 'А.docx' });
  });

  it('falls back to the given name, then to "download"', () => {
    expect(downloadResult({ status: 200, data: blob, headers: {} }, 'Договор.docx')).toEqual({
      blob,
      fileName: 'Договор.docx',
    });
    expect(downloadResult({ status: 200, data: blob, headers: { other: 1 } })).toEqual({
      blob,
      fileName: 'download',
    });
    expect(downloadResult({ status: 200, data: blob })).toEqual({ blob, fileName: 'download' });
  });

  it('gives false for any other status or a body that is not a file', () => {
    expect(downloadResult({ status: 422, data: blob })).toBe(false);
    expect(downloadResult({ status: 200, data: 'text' })).toBe(false);
    expect(downloadResult(undefined)).toBe(false);
  });
});

describe('saveBlob and saveDownload', () => {
  let clicked: { href: string; download: string; attached: boolean }[];
  const createObjectURL = jest.fn(() => 'blob:http://localhost/1234');
  const revokeObjectURL = jest.fn();

  beforeEach(() => {
    clicked = [];
    jest.useFakeTimers();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({
        href: this.href,
        download: this.download,
        attached: document.body.contains(this),
      });
    });
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('clicks a download link for the blob, then cleans up', () => {
    const blob = new Blob(['x']);
    saveBlob(blob, 'Договор.docx');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:http://localhost/1234', download: 'Договор.docx', attached: true },
    ]);
    expect(document.querySelector('a')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    jest.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1234');
  });

  it('saves a successful download and returns it', () => {
    const blob = new Blob(['x']);
    const headers = { 'content-disposition': 'attachment; filename="a.docx"' };
    expect(saveDownload({ status: 200, data: blob, headers })).toEqual({
      blob,
      fileName: 'a.docx',
    });
    expect(clicked.map((click) => click.download)).toEqual(['a.docx']);
  });

  it('saves nothing for a failed download', () => {
    expect(saveDownload({ status: 500, data: new Blob(['x']) }, 'a.docx')).toBe(false);
    expect(clicked).toEqual([]);
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
