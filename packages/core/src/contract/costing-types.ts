// A costing's bodies and answers («Калькуляция», issue 33) as the API's schemas
// (./schemas/costings.ts) define them. Types only.
import type { Static } from '@sinclair/typebox';
import type * as costings from './schemas/costings';

/** One line of a costing as entered: a hotel, a transfer, a price-list price, a typed cost. */
export type CostingLineBody = Static<typeof costings.CostingLineBody>;
/** POST /admin/costings/preview: a costing computed, nothing saved. */
export type CostingBody = Static<typeof costings.CostingBody>;
/** POST /admin/costings: the next version of a prepared tour's, trip's or request's costing. */
export type SaveCostingBody = Static<typeof costings.SaveCostingBody>;
/** A line as priced: its label, currency and how it was counted. */
export type PricedLine = Static<typeof costings.PricedLineJson>;
/** One row of the price table: a group size, its single and double occupancy cells. */
export type CostingTableRow = Static<typeof costings.CostingRowJson>;
/** The preview's answer: the priced lines and the table. */
export type CostingPreview = Static<typeof costings.CostingPreviewJson>;
/** A saved version of a costing (GET /admin/costing/:id, the list's items). */
export type Costing = Static<typeof costings.CostingJson>;
/** GET /admin/costings: one subject's versions. */
export type CostingListQuery = Static<typeof costings.CostingListQuery>;
/** POST /admin/costing/:id/apply: the cell whose price becomes the trip's. */
export type ApplyCostingBody = Static<typeof costings.ApplyCostingBody>;
