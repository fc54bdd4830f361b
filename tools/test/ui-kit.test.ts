// The UI kit (@tour/shared/ui) is shared as one module: every antd component it lists ships to
// every admin page, used or not. These checks keep the list to what the apps really import.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const KIT = path.join(ROOT, 'packages/shared/src/ui/index.ts');

/** The value names the kit re-exports from antd (types cost nothing and are left out). */
function kitAntdExports(): string[] {
  const source = fs.readFileSync(KIT, 'utf8');
  const block = /export \{([^}]*)\} from 'antd';/.exec(source);
  if (!block) throw new Error('the kit has no value export from antd');
  return block[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Names the product's code imports from the kit, or uses inside the kit itself. */
function namesInUse(): Set<string> {
  const used = new Set<string>();
  const files = [
    ...['shell', 'booking', 'accounting', 'reports', 'agent'].flatMap((app) =>
      sourceFiles(path.join(ROOT, 'apps', app, 'src')),
    ),
    ...sourceFiles(path.join(ROOT, 'packages/shared/src/ui')).filter((file) => file !== KIT),
  ];
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import \{([^}]*)\} from '(@tour\/shared\/ui|antd)';/g)) {
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

describe('the UI kit', () => {
  it('lists only antd components some app imports', () => {
    const used = namesInUse();
    expect(kitAntdExports().filter((name) => !used.has(name))).toEqual([]);
  });
});
