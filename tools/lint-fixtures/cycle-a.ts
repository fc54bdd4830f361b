// A deliberate import cycle with cycle-b (linted only by tools/test/architecture-lint.test.ts).
import { b } from './cycle-b';

export const a = () => b;
