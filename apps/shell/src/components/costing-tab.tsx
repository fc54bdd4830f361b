import { createContext, useContext, type ComponentType } from 'react';
import { useCan, type Currency } from '@tour/shared';
import type { Tabs } from '@tour/shared/ui';

// The «Калькуляция» tab of a prepared tour, a trip and a request (issue 33). The editor is a
// feature of its own (features/costings) and a feature never imports another, so the pages take
// the tab from here and the app hands the editor in (app/admin-area.tsx), loaded on first show.

/** What a costing is made for, with what the editor starts from. */
export type CostingSubject =
  | { kind: 'prepared_tour'; id: number; currency: Currency }
  /** A trip: its first day starts the programme; its price is what «Применить цену» changes. */
  | { kind: 'trip'; id: number; startsOn: string; price: number; currency: Currency }
  /** A request: its dates start the programme, its adults and children are a group size. */
  | { kind: 'request'; id: number; startsOn: string | null; groupSize: number };

export interface CostingPanelProps {
  subject: CostingSubject;
}

/** The editor the app provides (none: the tab is not offered). */
export const CostingPanelContext = createContext<ComponentType<CostingPanelProps> | null>(null);

type TabItem = NonNullable<Parameters<typeof Tabs>[0]['items']>[number];

/**
 * The «Калькуляция» tab for `subject` (null while it loads); null for a viewer without the
 * booking section's work (DESIGN.md 4: pricing is the booking section's, as its price lists).
 */
export function useCostingTab(subject: CostingSubject | null): TabItem | null {
  const Panel = useContext(CostingPanelContext);
  const allowed = useCan()('booking_section');
  if (!Panel || !allowed || !subject) return null;
  return {
    key: 'costing',
    label: 'Калькуляция',
    // Kept while other tabs show: the draft is not lost by a look at the trip.
    children: <Panel subject={subject} />,
  };
}
