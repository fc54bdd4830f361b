// ESLint over stdin and stdout for architecture-lint.test.ts: one process loads the configuration
// and its plugins once, then lints each case it is sent (a process per case cost 3 s each).
// One JSON line in, { code, filePath, noIgnore? } (filePath relative to the repository, as
// --stdin-filename takes it); one JSON line out, the messages ({ ruleId, message }).
import path from 'node:path';
import readline from 'node:readline';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');
const linters = {
  ignoring: new ESLint({ cwd: ROOT }),
  all: new ESLint({ cwd: ROOT, ignore: false }),
};

for await (const line of readline.createInterface({ input: process.stdin })) {
  const { code, filePath, noIgnore } = JSON.parse(line);
  const [result] = await (noIgnore ? linters.all : linters.ignoring).lintText(code, {
    filePath: path.join(ROOT, filePath),
  });
  const messages = (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
  process.stdout.write(`${JSON.stringify(messages)}\n`);
}
