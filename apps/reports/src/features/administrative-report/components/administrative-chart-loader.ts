// The chart's module (and recharts, with its own internal store) comes in its own chunk, asked
// for only when the report has something to draw: never in the remote's first chunk. A module of
// its own so that a test can hold the chunk back and see the page render without it.
export const loadAdministrativeChart = () => import('./administrative-chart');
