import type { FigureStyle } from '@clinic/sync-protocol/body';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHandoff } from '../../components/current-patient/handoff';
import { useCurrentPatient } from '../../components/current-patient/use-current-patient';
import { onDemand, whenIdle } from '../../components/on-demand';
import { useReopenDraft } from '../../drafts/use-reopen-draft';
import { useToast } from '../../components/toast';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import type { DiagnosisEntry } from './diagnosis-entries';
import { DiagnosisHeader } from './diagnosis-header';
import { DiagnosisList } from './diagnosis-list';
import type { DialogResult } from './use-diagnosis-dialog';
import { useDiagnosisList } from './use-diagnosis-list';
import './diagnosis.css';

/** Which route the screen was opened by: /diagnosis opens on the detailed figure, /diagnosis-v2 on the simple one. */
export type DiagnosisVersion = 'v1' | 'v2';

// The dialog (tabs, form, body map, pain detail) loads after the list shows, or at the first tap.
const diagnosisDialog = onDemand(() => import('./diagnosis-dialog').then((m) => m.DiagnosisDialog));
const DiagnosisDialog = diagnosisDialog.Component;
export const preloadDiagnosisDialog = diagnosisDialog.preload;

/** 'new' opens an empty dialog; an entry opens it in view mode; null: closed. */
type DialogTarget = 'new' | DiagnosisEntry | null;

const TOASTS: Partial<Record<Exclude<DialogResult, null>, string>> = {
  created: jaDiagnosis.toasts.created,
  updated: jaDiagnosis.toasts.updated,
  deleted: jaDiagnosis.toasts.deleted,
};

/**
 * 診断記録 (one menu entry, two routes on the same data): the history list and the four-tab dialog. The
 * figure (簡易 / 詳細) is a choice above the list and inside the dialog; the route only sets the first one.
 */
export function DiagnosisScreen({ version }: { version: DiagnosisVersion }) {
  // The session's current patient (picked here, on the chart or on another screen) narrows the list.
  const { customerId: patientId, choose: choosePatient } = useCurrentPatient();
  const list = useDiagnosisList(patientId);
  const [figureStyle, setFigureStyle] = useState<FigureStyle>(version === 'v1' ? 'chart' : 'interview');
  const handoff = useHandoff();
  const navigate = useNavigate();
  // Opened from the chart for a new record: the dialog is open at once, and closing it goes back there.
  const [chartReturn] = useState(() => (handoff.newRecord && patientId !== null ? handoff.returnTo : null));
  const fromChart = useRef(chartReturn);
  const [dialog, setDialog] = useState<DialogTarget>(() => (handoff.newRecord && patientId !== null ? 'new' : null));
  const toast = useToast();
  useEffect(() => whenIdle(() => void preloadDiagnosisDialog().catch(() => undefined)), []);

  const onAdd = useCallback(() => setDialog('new'), []);
  const onOpen = useCallback((entry: DiagnosisEntry) => setDialog(entry), []);
  // A record left open when the session passed to someone else, given back to its owner (drafts/).
  const { entries } = list;
  const reopenDraft = useCallback(
    (id: string | null) => {
      const entry = id === null ? 'new' : entries.find((shown) => shown.diagnosis.id === id);
      if (entry) setDialog(entry);
    },
    [entries],
  );
  useReopenDraft('diagnosis', reopenDraft);
  const onClose = useCallback(
    (result: DialogResult) => {
      // A transition: the saved record (listed as soon as it is stored) is painted before the dialog's closing work.
      startTransition(() => {
        setDialog(null);
        const text = result ? TOASTS[result] : undefined;
        if (text) toast.success(text);
      });
      const back = fromChart.current;
      fromChart.current = null;
      if (back) void navigate(back);
    },
    [navigate, toast],
  );

  const entry = dialog === 'new' ? null : dialog;
  return (
    <div className="diagnosis-page">
      <DiagnosisHeader
        onAdd={onAdd}
        figureStyle={figureStyle}
        onFigureStyleChange={setFigureStyle}
        customerId={patientId}
        onCustomerChange={choosePatient}
      />
      <DiagnosisList list={list} onOpen={onOpen} />
      {dialog && (
        <DiagnosisDialog
          key={entry?.diagnosis.id ?? 'new'}
          stored={entry}
          customerName={entry?.customerName ?? ''}
          figureStyle={figureStyle}
          canSwitchFigure
          onClose={onClose}
          prefill={{ customerId: patientId, visitId: handoff.visitId, onFigure: chartReturn !== null }}
        />
      )}
    </div>
  );
}
