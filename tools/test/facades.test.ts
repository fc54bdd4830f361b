// The facades of @tour/shared (the UI kit, the router, the state libraries) are each shared as one
// module: every name one of them re-exports ships to every page that loads it, used or not, and
// the shell hands exactly these to the remotes. These checks keep each list to what the apps
// really import.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SHARED = path.join(ROOT, 'packages/shared/src');
const APPS = ['shell', 'booking', 'accounting', 'reports', 'agent'];

interface Facade {
  /** The facade's import name. */
  name: string;
  file: string;
  /** Files besides the apps whose imports count (the kit's own components use antd). */
  alsoUsedIn: string[];
  /** The libraries whose direct imports in those files count too. */
  libraries: string[];
}

const FACADES: Facade[] = [
  {
    name: '@tour/shared/ui',
    file: path.join(SHARED, 'ui/index.ts'),
    alsoUsedIn: [path.join(SHARED, 'ui')],
    libraries: ['antd'],
  },
  {
    name: '@tour/shared/router',
    file: path.join(SHARED, 'router/index.ts'),
    alsoUsedIn: [],
    libraries: [],
  },
  {
    name: '@tour/shared/state',
    file: path.join(SHARED, 'state/index.ts'),
    alsoUsedIn: [],
    libraries: [],
  },
];

/** The value names a facade re-exports from libraries (types cost nothing and are left out). */
function valueExports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/export \{([^}]*)\} from '([^']+)';/g)].flatMap((block) =>
    block[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Names the product's code (tests aside) imports from the facade. */
function namesInUse(facade: Facade): Set<string> {
  const used = new Set<string>();
  const files = [
    ...APPS.flatMap((app) => sourceFiles(path.join(ROOT, 'apps', app, 'src'))),
    ...facade.alsoUsedIn.flatMap(sourceFiles).filter((file) => file !== facade.file),
  ];
  const from = new Set([facade.name, ...facade.libraries]);
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import \{([^}]*)\} from '([^']+)';/g)) {
      if (!from.has(match[2]!)) continue;
      for (const part of match[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (name) used.add(name);
      }
    }
  }
  return used;
}

describe.each(FACADES)('the facade $name', (facade) => {
  it('re-exports only names some app imports', () => {
    const used = namesInUse(facade);
    const exported = valueExports(facade.file);
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('the shell as federation host', () => {
  it('provides every shared singleton the remotes declare, and only those', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack factory is a CommonJS file without types
    const { providedVersions } = require('../../webpack.config.base.js') as {
      providedVersions: (dir: string, dependencies: Record<string, string>) => object;
    };
    const shell = path.join(ROOT, 'apps/shell');
    const declared = Object.keys(providedVersions(shell, {})).sort();
    const source = fs.readFileSync(path.join(shell, 'src/lib/federation-host.ts'), 'utf8');
    const block = /PROVIDED_MODULES[^{]*\{([^}]*)\}/.exec(source)![1]!;
    const provided = [...block.matchAll(/^\s*'?([^':\n]+)'?:/gm)].map((m) => m[1]!.trim()).sort();
    expect(provided).toEqual(declared);
  });
});
