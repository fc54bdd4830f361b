// The walls of STYLE.md are held by the linter; these cases prove each wall actually stops code.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(__dirname, '../..');

interface Message {
  ruleId: string | null;
  message: string;
}

// One ESLint for every case (lint-server.mjs), with the repository's configuration as `eslint .`
// reads it; its answers come back in the order the cases were sent.
let server: ChildProcessWithoutNullStreams;
const answers: ((messages: Message[]) => void)[] = [];
beforeAll(() => {
  server = spawn(process.execPath, [path.join(__dirname, 'lint-server.mjs')], { cwd: ROOT });
  server.stderr.pipe(process.stderr);
  readline
    .createInterface({ input: server.stdout })
    .on('line', (line) => answers.shift()?.(JSON.parse(line) as Message[]));
});
afterAll(() => {
  server.stdin.end();
});

/**
 * Lints `code` as if it were the file at `filePath` (relative to the repo) and returns the errors;
 * `noIgnore` lints a file the configuration ignores (as `--no-ignore`).
 */
function lint(code: string, filePath: string, noIgnore = false): Promise<Message[]> {
  return new Promise((resolve) => {
    answers.push(resolve);
    server.stdin.write(`${JSON.stringify({ code, filePath, noIgnore })}\n`);
  });
}

const rules = (messages: Message[]) => messages.map((m) => m.ruleId);

describe('architecture walls', () => {
  jest.setTimeout(60_000);

  it('refuses a remote importing another remote by a path into its folder', async () => {
    const messages = await lint(
      "import AccountingRoutes from '../../../accounting/src/app/routes';\nexport { AccountingRoutes };\n",
      'apps/booking/src/app/wall-case.ts',
    );
    expect(rules(messages)).toContain('import-x/no-restricted-paths');
  });

  it('refuses a remote importing another app by its package name', async () => {
    const messages = await lint(
      "import AccountingRoutes from '@tour/accounting';\nexport { AccountingRoutes };\n",
      'apps/booking/src/app/wall-case.ts',
    );
    expect(rules(messages)).toContain('no-restricted-imports');
  });

  it('refuses the shell importing a remote at build time (remotes load at run time)', async () => {
    const messages = await lint(
      "import BookingRoutes from '../../../booking/src/app/routes';\nexport { BookingRoutes };\n",
      'apps/shell/src/app/wall-case.ts',
    );
    expect(rules(messages)).toContain('import-x/no-restricted-paths');
  });

  it('refuses @tour/shared importing an app', async () => {
    const messages = await lint(
      "import BookingRoutes from '../../../../apps/booking/src/app/routes';\nexport { BookingRoutes };\n",
      'packages/shared/src/http/wall-case.ts',
    );
    expect(rules(messages)).toContain('import-x/no-restricted-paths');
  });

  it('refuses the API importing the browser’s @tour/shared or a browser package', async () => {
    for (const imported of ['@tour/shared', '@tour/shared/ui', 'react', 'antd', 'axios']) {
      const messages = await lint(
        `import * as wall from '${imported}';\nexport { wall };\n`,
        'apps/api/src/lib/wall-case.ts',
      );
      expect([imported, rules(messages)]).toEqual([
        imported,
        expect.arrayContaining(['no-restricted-imports']),
      ]);
    }
  });

  it('refuses @tour/core importing @tour/shared, an app or a browser package', async () => {
    for (const imported of ['@tour/shared', 'react', 'react-router', '@reduxjs/toolkit', 'axios']) {
      const messages = await lint(
        `import * as wall from '${imported}';\nexport { wall };\n`,
        'packages/core/src/money/wall-case.ts',
      );
      expect([imported, rules(messages)]).toEqual([
        imported,
        expect.arrayContaining(['no-restricted-imports']),
      ]);
    }
    const byPath = await lint(
      "export * from '../../../shared/src/http/client';\n",
      'packages/core/src/money/wall-case.ts',
    );
    expect(rules(byPath)).toContain('import-x/no-restricted-paths');
  });

  it('lets the API and @tour/shared import @tour/core, and refuses it to a front end', async () => {
    const code = "import { formatAmount } from '@tour/core';\nexport { formatAmount };\n";
    expect(rules(await lint(code, 'apps/api/src/lib/wall-case.ts'))).toEqual([]);
    expect(rules(await lint(code, 'packages/shared/src/http/wall-case.ts'))).toEqual([]);
    expect(rules(await lint(code, 'apps/booking/src/app/wall-case.ts'))).toContain(
      'no-restricted-imports',
    );
  });

  it('refuses deep and relative imports of @tour/shared', async () => {
    expect(
      rules(
        await lint(
          "export * from '@tour/shared/src/money/currency';\n",
          'apps/reports/src/app/wall-case.ts',
        ),
      ),
    ).toContain('no-restricted-imports');
    expect(
      rules(
        await lint(
          "export * from '../../../../packages/shared/src/index';\n",
          'apps/reports/src/app/wall-case.ts',
        ),
      ),
    ).toContain('no-restricted-imports');
  });

  it('refuses the router and Redux outside their facades, except in tests', async () => {
    for (const code of [
      "import { Link } from 'react-router-dom';\nexport { Link };\n",
      "import { useParams } from 'react-router';\nexport { useParams };\n",
      "import { skipToken } from '@reduxjs/toolkit/query';\nexport { skipToken };\n",
      "import { useDispatch } from 'react-redux';\nexport { useDispatch };\n",
    ]) {
      expect(rules(await lint(code, 'apps/booking/src/app/wall-case.tsx'))).toContain(
        'no-restricted-imports',
      );
    }
    expect(
      await lint(
        "import { Link } from '@tour/shared/router';\nimport { skipToken } from '@tour/shared/state';\nexport { Link, skipToken };\n",
        'apps/booking/src/app/wall-case.tsx',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "import { MemoryRouter } from 'react-router-dom';\nexport { MemoryRouter };\n",
        'apps/booking/src/app/wall-case.test.tsx',
      ),
    ).toEqual([]);
  });

  it("refuses a feature importing another feature of its app, not the app's components", async () => {
    // A file of the users feature; the imports are real files of the shell.
    const file = 'apps/shell/src/features/users/components/wall-case.tsx';
    const refused = await lint(
      "import { TripsPage } from '../../trips/components/trip-pages';\nexport { TripsPage };\n",
      file,
    );
    expect(rules(refused)).toContain('import-x/no-restricted-paths');
    expect(refused.map((m) => m.message).join('\n')).toContain('components/ приложения');
    // Tests of a feature are held by the same wall.
    expect(
      rules(
        await lint(
          "import { TripsPage } from '../../trips/components/trip-pages';\nexport { TripsPage };\n",
          'apps/shell/src/features/users/components/wall-case.test.tsx',
        ),
      ),
    ).toContain('import-x/no-restricted-paths');

    expect(
      await lint(
        "import { PageSpinner } from '../../../components/page-spinner';\nimport { UsersList } from './users-list';\nexport { PageSpinner, UsersList };\n",
        file,
      ),
    ).toEqual([]);
  });

  it("refuses an API module importing another module's repository or other files, not its service", async () => {
    // The fixture breaks the wall; it is linted as a file of the trips module.
    const file = 'apps/api/src/routes/trips/wall-case.ts';
    const fixture = fs.readFileSync(
      path.join(ROOT, 'tools/lint-fixtures/api-module-wall.ts'),
      'utf8',
    );
    const refused = await lint(fixture, file);
    expect(rules(refused)).toContain('import-x/no-restricted-paths');
    expect(refused.map((m) => m.message).join('\n')).toContain('только через его сервис');
    // Any other file of another module is behind the same wall.
    expect(
      rules(
        await lint(
          "import { xlsxCompany } from '../company/repository';\nimport { ratesJson } from '../rates/nbkr';\nexport { xlsxCompany, ratesJson };\n",
          file,
        ),
      ),
    ).toEqual(['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);

    expect(
      await lint(
        "import { findTour } from '../tours/service';\nimport { findUserInScope } from '../../domain/reach';\nimport * as repo from './repository';\nexport { findTour, findUserInScope, repo };\n",
        file,
      ),
    ).toEqual([]);
  });

  it('refuses import cycles', async () => {
    // The fixtures hold a real cycle, so the normal lint ignores them; here they are linted on purpose.
    const messages = await lint(
      "import { b } from './cycle-b';\nexport const a = () => b;\n",
      'tools/lint-fixtures/cycle-a.ts',
      true,
    );
    expect(rules(messages)).toContain('import-x/no-cycle');
  });

  it('lets a remote import itself and @tour/shared', async () => {
    const messages = await lint(
      "import { formatAmount } from '@tour/shared';\nimport AgentRoutes from './routes';\nexport { formatAmount, AgentRoutes };\n",
      'apps/agent/src/app/wall-case.ts',
    );
    expect(messages).toEqual([]);
  });
});
