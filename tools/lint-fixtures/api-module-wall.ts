// A module of the API reaching into another module's repository instead of its service (linted
// only by tools/test/architecture-lint.test.ts, as a file of apps/api/src/routes/trips).
// @ts-expect-error: the path resolves only where the test places this file (routes/trips).
import { findTour } from '../tours/repository';

export { findTour };
