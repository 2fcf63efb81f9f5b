import type { Source, SourceType } from '@revlane/contracts';
import { Modal, Steps } from 'antd';
import { useState } from 'react';
import { CredentialsStep } from './credentials-step';
import { CsvUploadStep } from './csv-upload-step';
import { SyncStep } from './sync-step';
import { TablesStep } from './tables-step';
import { TypeStep } from './type-step';

type WizardState =
  | { step: 'type' }
  | { step: 'connect'; type: SourceType }
  | { step: 'tables'; type: SourceType; sourceId: string; syncId?: string }
  | {
      step: 'sync';
      type: SourceType;
      sourceId: string;
      syncId: string;
      expectedRows: number | null;
    };

const STEP_INDEX = { type: 0, connect: 1, tables: 2, sync: 3 } as const;

/**
 * A wizard with a data preview needs more room than a form: wider than the 520 of
 * docs/product.md §9, which is the forms' width.
 */
const WIZARD_WIDTH = 880;

interface AddSourceWizardProps {
  onClose: () => void;
}

/**
 * "Add data source": type → credentials with "Test connection" (a CSV file is uploaded
 * instead) → the tables, tabs or queries to load, with a preview → the first sync with live
 * progress → done.
 */
export function AddSourceWizard({ onClose }: AddSourceWizardProps) {
  const [state, setState] = useState<WizardState>({ step: 'type' });
  const current = state.step === 'sync' ? STEP_INDEX.sync : STEP_INDEX[state.step];
  const connectTitle = state.step !== 'type' && state.type === 'csv' ? 'Upload' : 'Credentials';

  return (
    <Modal
      open
      title="Add data source"
      width={WIZARD_WIDTH}
      onCancel={onClose}
      // A stray click beside the wizard must not throw away an upload or the steps done.
      maskClosable={false}
      destroyOnHidden
      footer={null}
    >
      <Steps
        size="small"
        current={current}
        className="!mb-6"
        items={[{ title: 'Type' }, { title: connectTitle }, { title: 'Tables' }, { title: 'Sync' }]}
      />
      {state.step === 'type' && <TypeStep onPick={(type) => setState({ step: 'connect', type })} />}
      {state.step === 'connect' && state.type === 'csv' && (
        <CsvUploadStep
          onBack={() => setState({ step: 'type' })}
          onUploaded={(sourceId, syncId) =>
            setState({ step: 'tables', type: 'csv', sourceId, syncId })
          }
        />
      )}
      {state.step === 'connect' && state.type !== 'csv' && (
        <CredentialsStep
          type={state.type}
          onBack={() => setState({ step: 'type' })}
          onCreated={(source: Source) =>
            setState({ step: 'tables', type: state.type, sourceId: source.id })
          }
        />
      )}
      {state.step === 'tables' && (
        <TablesStep
          type={state.type}
          sourceId={state.sourceId}
          startedSyncId={state.syncId}
          onSyncing={(syncId, expectedRows) =>
            setState({ ...state, step: 'sync', syncId, expectedRows })
          }
        />
      )}
      {state.step === 'sync' && (
        <SyncStep syncId={state.syncId} expectedRows={state.expectedRows} onDone={onClose} />
      )}
    </Modal>
  );
}
