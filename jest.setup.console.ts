import { format } from 'node:util';

// Every Jest project (jest.config.base.js): a console.error that a test did not expect fails that
// test. React, RTK Query and antd report real defects there (an unhandled error in a query, an
// update outside act, a wrong prop) while the test itself still passes; they must not pass quietly.
// A test that expects an error says so and asserts on it:
//   const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
//   ...
//   expect(error).toHaveBeenCalledWith(...);
// (the spy replaces the guard for that test; jest restores it with restoreMocks or mockRestore).

const logged: string[] = [];
const print = console.error.bind(console);

function guard(...args: unknown[]): void {
  logged.push(format(...args));
  print(...args);
}

function takeLogged(): string[] {
  return logged.splice(0, logged.length);
}

function failIfLogged(where: string): void {
  const messages = takeLogged();
  if (messages.length === 0) return;
  const list = messages.map((message, index) => `${index + 1}. ${message}`).join('\n\n');
  throw new Error(`Неожиданный console.error ${where} (${messages.length}):\n\n${list}`);
}

console.error = guard;

beforeEach(() => {
  // A test may have replaced console.error (a spy) without restoring it.
  console.error = guard;
});

afterEach(() => {
  failIfLogged('в тесте');
});

afterAll(() => {
  failIfLogged('после тестов файла');
  console.error = print;
});
