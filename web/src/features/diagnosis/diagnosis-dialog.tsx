import type { BodyView, FigureStyle } from '@clinic/sync-protocol/body';
import { Alert, Form, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import { BasicInfoTab } from './basic-info-tab';
import { BodyMapTab } from './body-map-tab';
import { DialogFooter } from './dialog-footer';
import type { NewDiagnosisPrefill, StoredDiagnosis } from './diagnosis-form-values';
import { PainDetailDialog } from './pain-detail-dialog';
import { PainListTab } from './pain-list-tab';
import { SummaryTab } from './summary-tab';
import { useCustomerDataState, useCustomerRecord } from './use-customer-data';
import { useDiagnosisDialog, type DialogResult, type DialogTab } from './use-diagnosis-dialog';
import { useMarkerEditing } from './use-marker-editing';
import { usePreviousMarkers } from './use-previous-markers';
import './diagnosis-dialog.css';

const t = jaDiagnosis.dialog;
const TABS: readonly DialogTab[] = ['basic', 'map', 'list', 'summary'];

export type DiagnosisDialogProps = {
  /** The record to show (opens in view mode), or null for a new one. */
  stored: StoredDiagnosis | null;
  /** Its customer's name as the list shows it (for the delete question). */
  customerName: string;
  /** The figure the screen's display mode chose (v2), or the one figure of v1. */
  figureStyle: FigureStyle;
  /** v2: the figure can be switched inside the dialog too. */
  canSwitchFigure: boolean;
  onClose: (result: DialogResult) => void;
  /** A new record's patient and visit, chosen before it opens (the session's patient). */
  prefill?: NewDiagnosisPrefill;
};

/**
 * The large four-tab dialog of spec 2 and 4: 基本情報, 人体図, 痛みの一覧, まとめ. Wide on a tablet, the
 * whole screen on a phone; only the body scrolls, the title and the buttons stay in sight.
 */
export function DiagnosisDialog({
  stored,
  customerName,
  figureStyle: initialStyle,
  canSwitchFigure,
  onClose,
  prefill,
}: DiagnosisDialogProps) {
  const dialog = useDiagnosisDialog(stored, customerName, onClose, prefill);
  const { form, initialValues, mode, tab, setTab, error, saving, markers, customerId } = dialog;
  const readOnly = mode === 'view';
  const editing = useMarkerEditing(form, markers);
  const [view, setView] = useState<BodyView>('front');
  const [figureStyle, setFigureStyle] = useState<FigureStyle>(initialStyle);
  const customerData = useCustomerDataState();
  const customer = useCustomerRecord(customerId);
  const previous = usePreviousMarkers(mode === 'create' ? customerId : null);
  const deletedCustomer = customer?.deleted ? customer.name : null;

  const items = [
    {
      key: 'basic',
      label: t.tabs.basic,
      forceRender: true,
      children: (
        <BasicInfoTab
          readOnly={readOnly}
          customerId={customerId}
          customerData={customerData}
          deletedCustomer={deletedCustomer}
        />
      ),
    },
    {
      key: 'map',
      label: t.tabs.map,
      children: (
        <BodyMapTab
          markers={editing.shown}
          view={view}
          onViewChange={setView}
          figureStyle={figureStyle}
          onFigureStyleChange={canSwitchFigure ? setFigureStyle : null}
          readOnly={readOnly}
          onAdd={editing.onAdd}
          onSelect={editing.onSelect}
          previous={previous}
          onCarryForward={() => previous && editing.onCarryForward(previous.markers)}
        />
      ),
    },
    {
      key: 'list',
      label: t.tabs.list,
      children: (
        <PainListTab
          markers={markers}
          readOnly={readOnly}
          onEdit={editing.onSelect}
          onDelete={editing.onDeleteMarker}
        />
      ),
    },
    {
      key: 'summary',
      label: t.tabs.summary,
      children: <SummaryTab markers={markers} createdAt={stored?.diagnosis.createdAt ?? null} customer={customer} />,
    },
  ];

  return (
    <Modal
      open
      centered
      width={{ xs: '100vw', sm: '96vw', lg: 1040 }}
      title={mode === 'create' ? t.createTitle : mode === 'edit' ? t.editTitle : t.viewTitle}
      className="diagnosis-dialog"
      classNames={{
        container: 'diagnosis-dialog-container',
        header: 'diagnosis-dialog-header',
        body: 'diagnosis-dialog-body',
        footer: 'diagnosis-dialog-footer',
      }}
      // Only the body scrolls; header and footer keep their place (inline: the layout depends on it).
      styles={{
        container: { display: 'flex', flexDirection: 'column' },
        header: { flex: 'none' },
        body: { flex: '1 1 auto', minHeight: 0, overflowY: 'auto' },
        footer: { flex: 'none' },
      }}
      closable={{ 'aria-label': t.close }}
      mask={{ closable: true }}
      onCancel={dialog.close}
      footer={
        <DialogFooter
          mode={mode}
          canSave={customerId !== null}
          saving={saving}
          onSave={() => void dialog.submit()}
          onClose={dialog.close}
          onEdit={dialog.onEdit}
          onDelete={dialog.onDelete}
        />
      }
    >
      {error && (
        <Alert className="diagnosis-alert" type="error" showIcon title={error.title} description={error.message} />
      )}
      <Form
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues}
        requiredMark={!readOnly}
        // Its controls stay out of the browser's session files (components/no-form-restore).
        autoComplete="off"
        onFinish={() => void dialog.submit()}
        onFinishFailed={() => void dialog.submit()}
        onValuesChange={dialog.onValuesChange}
      >
        <Tabs activeKey={tab} onChange={(key) => setTab(TABS.find((k) => k === key) ?? 'basic')} items={items} />
      </Form>
      {!readOnly && (
        <PainDetailDialog
          detail={editing.detail}
          onSave={editing.onSaveDetail}
          onCancel={editing.onCancelDetail}
          onDelete={editing.onDeleteMarker}
        />
      )}
      {dialog.contextHolder}
    </Modal>
  );
}
