import type { ComponentType } from 'react';
import type { LocalCustomer } from '../../data/clinic-db';

/**
 * The dialogs the chart opens in place, handed in by the shell: they belong to other screens (the
 * customer form, the visit form), and a screen never imports another (the shell composes them).
 */
export type ChartDialogs = {
  /** 編集: the customer form for this patient; `saved` says whether anything was stored. */
  EditCustomer: ComponentType<{
    customer: LocalCustomer;
    onClose: (saved: boolean) => void;
    /** The duplicate warning's 登録済みの顧客を開く: that customer's chart. */
    onOpenExisting: (customer: LocalCustomer) => void;
  }>;
  /** 来院を記録: a new visit of this patient, today; `visitId` is the new visit's (null: not saved). */
  RecordVisit: ComponentType<{
    customerId: string;
    /** Today's appointment of the patient: the visit takes its date, menu and 施術者. */
    from?: { date: string; serviceMenu: string; staffName: string } | null;
    onClose: (visitId: string | null) => void;
  }>;
};
