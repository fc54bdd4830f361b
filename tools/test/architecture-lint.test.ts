// The walls of STYLE.md are held by the linter; these cases prove each wall actually stops code.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const ESLINT = path.join(ROOT, 'node_modules/.bin/eslint');

interface Message {
  ruleId: string | null;
  message: string;
}

/** Lints `code` as if it were the file at `filePath` (relative to the repo) and returns the errors. */
function lint(code: string, filePath: string, extraArgs: string[] = []): Message[] {
  let output: string;
  try {
    output = execFileSync(
      ESLINT,
      ['--stdin', '--stdin-filename', filePath, '--format', 'json', ...extraArgs],
      { cwd: ROOT, input: code, encoding: 'utf8' },
    );
  } catch (error) {
    // ESLint exits 1 when it finds errors; the report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const [result] = JSON.parse(output) as Array<{ messages: Message[] }>;
  return result?.messages ?? [];
}

const rules = (messages: Message[]) => messages.map((m) => m.ruleId);

describe('architecture walls', () => {
  jest.setTimeout(60_000);

  it('refuses a remote importing another remote by a path into its folder', () => {
    const messages = lint(
      "import AccountingRoutes from '../../../accounting/src/app/routes';\nexport { AccountingRoutes };\n",
      'apps/booking/src/app/wall-case.ts',
    );
    expect(rules(messages)).toContain('import-x/no-restricted-paths');
  });

  it('refuses a remote importing another app by its package name', () => {
    const messages = lint(
      "import AccountingRoutes from '@tour/accounting';\nexport { AccountingRoutes };\n",
      'apps/booking/src/app/wall-case.ts',
    );
    expect(rules(messages)).toContain('no-restricted-imports');
  });

  it('refuses the shell importing a remote at build time (remotes load at run time)', () => {
    const messages = lint(
      "import BookingRoutes from '../../../booking/src/app/routes';\nexport { BookingRoutes };\n",
      'apps/shell/src/app/wall-case.ts',
    );
    expect(rules(messages)).toContain('import-x/no-restricted-paths');
  });

  it('refuses @tour/shared importing an app', () => {
    const messages = lint(
      "import BookingRoutes from '../../../../apps/booking/src/app/routes';\nexport { BookingRoutes };\n",
      'packages/shared/src/money/wall-case.ts',
    );
    expect(rules(messages)).toContain('import-x/no-restricted-paths');
  });

  it('refuses deep and relative imports of @tour/shared', () => {
    expect(
      rules(
        lint(
          "export * from '@tour/shared/src/money/currency';\n",
          'apps/reports/src/app/wall-case.ts',
        ),
      ),
    ).toContain('no-restricted-imports');
    expect(
      rules(
        lint(
          "export * from '../../../../packages/shared/src/index';\n",
          'apps/reports/src/app/wall-case.ts',
        ),
      ),
    ).toContain('no-restricted-imports');
  });

  it('refuses the router and Redux outside their facades, except in tests', () => {
    for (const code of [
      "import { Link } from 'react-router-dom';\nexport { Link };\n",
      "import { useParams } from 'react-router';\nexport { useParams };\n",
      "import { skipToken } from '@reduxjs/toolkit/query';\nexport { skipToken };\n",
      "import { useDispatch } from 'react-redux';\nexport { useDispatch };\n",
    ]) {
      expect(rules(lint(code, 'apps/booking/src/app/wall-case.tsx'))).toContain(
        'no-restricted-imports',
      );
    }
    expect(
      lint(
        "import { Link } from '@tour/shared/router';\nimport { skipToken } from '@tour/shared/state';\nexport { Link, skipToken };\n",
        'apps/booking/src/app/wall-case.tsx',
      ),
    ).toEqual([]);
    expect(
      lint(
        "import { MemoryRouter } from 'react-router-dom';\nexport { MemoryRouter };\n",
        'apps/booking/src/app/wall-case.test.tsx',
      ),
    ).toEqual([]);
  });

  it("refuses a feature importing another feature of its app, not the app's components", () => {
    // A file of the users feature; the imports are real files of the shell.
    const file = 'apps/shell/src/features/users/components/wall-case.tsx';
    const refused = lint(
      "import { TripsPage } from '../../trips/components/trip-pages';\nexport { TripsPage };\n",
      file,
    );
    expect(rules(refused)).toContain('import-x/no-restricted-paths');
    expect(refused.map((m) => m.message).join('\n')).toContain('components/ приложения');
    // Tests of a feature are held by the same wall.
    expect(
      rules(
        lint(
          "import { TripsPage } from '../../trips/components/trip-pages';\nexport { TripsPage };\n",
          'apps/shell/src/features/users/components/wall-case.test.tsx',
        ),
      ),
    ).toContain('import-x/no-restricted-paths');

    expect(
      lint(
        "import { PageSpinner } from '../../../components/page-spinner';\nimport { UsersList } from './users-list';\nexport { PageSpinner, UsersList };\n",
        file,
      ),
    ).toEqual([]);
  });

  it('refuses import cycles', () => {
    // The fixtures hold a real cycle, so the normal lint ignores them; here they are linted on purpose.
    const messages = lint(
      "import { b } from './cycle-b';\nexport const a = () => b;\n",
      'tools/lint-fixtures/cycle-a.ts',
      ['--no-ignore'],
    );
    expect(rules(messages)).toContain('import-x/no-cycle');
  });

  it('lets a remote import itself and @tour/shared', () => {
    const messages = lint(
      "import { formatAmount } from '@tour/shared';\nimport AgentRoutes from './routes';\nexport { formatAmount, AgentRoutes };\n",
      'apps/agent/src/app/wall-case.ts',
    );
    expect(messages).toEqual([]);
  });
});
