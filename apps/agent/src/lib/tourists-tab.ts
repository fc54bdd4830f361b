/** The tabs of agent-tourists, in their order; the first is the URL without `tab`. */
export const TOURISTS_TABS = ['tourists', 'requests'] as const;

export type TouristsTab = (typeof TOURISTS_TABS)[number];

/** The tab a URL query names (`?tab=requests`); anything else is the tourists'. */
export function touristsTabOf(params: URLSearchParams): TouristsTab {
  return params.get('tab') === 'requests' ? 'requests' : 'tourists';
}
