import type { Supplier } from '@tour/shared';

/** A supplier of the directory (GET /admin/supplier/:id, the lists' rows), as the API sends it. */
export type { Supplier };
