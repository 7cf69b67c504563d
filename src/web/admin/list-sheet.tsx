/**
 * The bottom sheet of a sheet list (machines/admin-list.ts: quotations, orders): its title and Close,
 * the failure line or the refused changes over the form, the form itself, the audit trail under it, and
 * Edit and Update at the foot. Every control is enabled exactly when the chart takes its event.
 */
import type { ReactNode } from 'react';
import { sheetSaveOf, type SheetSave } from '../../../machines/admin-list';
import type { AuditEntry } from '../../domain/types';
import { EditUpdateActions, SaveTrouble } from './admin-parts';
import { BottomSheet } from './bottom-sheet';
import { HistoryList } from './history-list';

type SheetEvent = { type: 'sheet.close' } | { type: 'sheet.edit' } | SheetSave | { type: 'draft.reapply' };

/** What the sheet reads of an `adminSheetList` chart's snapshot. */
interface SheetSnapshot {
  context: { history: AuditEntry[] | null; historyFailed: boolean; now: number | null };
  can(event: SheetEvent): boolean;
  hasTag(tag: 'saving' | 'saveFailed'): boolean;
  matches(state: { sheet: 'conflict' }): boolean;
}

export function ListSheet({
  snapshot,
  send,
  titleId,
  title,
  saveFailed,
  changeRows,
  children,
}: {
  snapshot: SheetSnapshot;
  send: (event: SheetEvent) => void;
  titleId: string;
  title: string;
  /** The spec's failure line of this list ('Failed to save order.'). */
  saveFailed: ReactNode;
  changeRows: readonly { key: string; label: string; mine: string; now: string }[];
  children: ReactNode;
}) {
  const save = sheetSaveOf(snapshot);
  return (
    <BottomSheet
      titleId={titleId}
      title={title}
      onClose={snapshot.can({ type: 'sheet.close' }) ? () => send({ type: 'sheet.close' }) : null}
      footer={
        <EditUpdateActions
          canEdit={snapshot.can({ type: 'sheet.edit' })}
          onEdit={() => send({ type: 'sheet.edit' })}
          saving={snapshot.hasTag('saving')}
          onSave={save && (() => send(save))}
        />
      }
    >
      <SaveTrouble
        failed={snapshot.hasTag('saveFailed') ? saveFailed : null}
        conflictRows={snapshot.matches({ sheet: 'conflict' }) ? changeRows : null}
        onReapply={() => send({ type: 'draft.reapply' })}
        onStartOver={() => send({ type: 'sheet.edit' })}
      />
      {children}
      <HistoryList history={snapshot.context.history} failed={snapshot.context.historyFailed} />
    </BottomSheet>
  );
}
