// A deliberate import cycle with cycle-a (linted only by tools/test/architecture-lint.test.ts).
import { a } from './cycle-a';

export const b = () => a;
