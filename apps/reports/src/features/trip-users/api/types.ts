// The tourists of one trip as the report shows them, derived from the API's schema
// (TripUsersReport of the contract): amounts in major units, computed by the server; a
// conversion without its day's rate is null.
import type { TripUsersQuery, TripUsersReport } from '@tour/shared';

/** GET /admin/reports/general/:trip/users. */
export type TripUsers = TripUsersReport;
export type TripUsersTrip = TripUsers['trip'];
export type TripUsersParticipant = TripUsers['participants'][number];
/** A participant's payment (income) or refund (outcome), converted twice. */
export type ReportPayment = TripUsersParticipant['payments'][number];
/** What a participant (or a group of them) owes and paid. */
export type UserFigures = TripUsers['totals']['active'];

/** The request: the trip (its path) and the report's currency. */
export type TripUsersArgs = { trip: number } & Required<TripUsersQuery>;
