import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../components/page-spinner';

// The error page uses the UI kit: it loads only when an error happens.
const RouteError = lazy(async () => ({ default: (await import('./route-error')).RouteError }));

/** The root's error boundary: the error page, loaded when first needed. */
export function RouteErrorBoundary() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <RouteError />
    </Suspense>
  );
}
