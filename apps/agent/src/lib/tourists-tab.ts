/** The tabs of agent-tourists, in their order; the first is the URL without `tab`. */
export const TOURISTS_TABS = ['tourists', 'requests', 'documents'] as const;

export type TouristsTab = (typeof TOURISTS_TABS)[number];

/** The tab a URL query names (`?tab=requests`, `?tab=documents`); anything else is the tourists'. */
export function touristsTabOf(params: URLSearchParams): TouristsTab {
  const tab = params.get('tab');
  return tab === 'requests' || tab === 'documents' ? tab : 'tourists';
}
