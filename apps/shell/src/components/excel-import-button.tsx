import { lazy, Suspense, useState } from 'react';
import { is, STAFF_ROLE_EXPRESSION, usePermissionData } from '@tour/shared';
import { Button } from '@tour/shared/ui';
import type { ImportKind } from '../lib/import-calls';

// The dialog (and its table) loads with its first opening: the list pages need none of it.
const ExcelImportDialog = lazy(() =>
  import('./excel-import-dialog').then((module) => ({ default: module.ExcelImportDialog })),
);

/**
 * «Импорт из Excel» on a list whose records staff create (clients, prepared tours): the same
 * people may import them (the server holds the rule; this only hides a button they could not use).
 */
export function ExcelImportButton({ kind }: { kind: ImportKind }) {
  const [open, setOpen] = useState(false);
  const permissionData = usePermissionData();
  if (!is(STAFF_ROLE_EXPRESSION, permissionData)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Импорт из Excel</Button>
      {open ? (
        <Suspense fallback={null}>
          <ExcelImportDialog kind={kind} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
