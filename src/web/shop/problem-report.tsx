/**
 * Report a problem (/order-status, once delivered): the button and its sheet, loaded with the tracker
 * only when the order is delivered. The rules are the problem-report chart's, which the app runs in its
 * one actor system while this is shown (`problemReport:<order>`), with the effects of ./problem-actors.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { shownProblem, type problemReportMachine } from '../../../machines/problem-report.machine';
import { PROBLEM_KINDS, PROBLEM_NOTE_MAX } from '../../domain/delivery';
import type { OrderProblem } from '../../domain/types';
import { useObjectUrl } from '../onboarding/use-object-url';
import { Sheet } from './bargain';
import { problemKindText, ProblemStatus } from './problem-status';
import { usePartChart } from '../shell/use-lazy-chart';

type ReportRef = ActorRefFrom<typeof problemReportMachine>;

export default function ProblemReport({ orderId, problem }: { orderId: string; problem: OrderProblem | null }) {
  const report = usePartChart<ReportRef>('problemReport', orderId, { orderId });
  // The moment before the app has started the chart: what the tracker knows.
  if (!report) return problem ? <ProblemStatus problem={problem} /> : null;
  return <Report report={report} problem={problem} />;
}

function Report({ report, problem }: { report: ReportRef; problem: OrderProblem | null }) {
  const intl = useIntl();
  const shown = useSelector(report, (s) => shownProblem(s, problem));
  const open = useSelector(report, (s) => s.hasTag('open'));
  const busy = useSelector(report, (s) => s.hasTag('busy'));
  const failed = useSelector(report, (s) => s.context.failed);
  const draft = useSelector(report, (s) => s.context.draft);
  const canSubmit = useSelector(report, (s) => s.can({ type: 'problem.submit' }));
  const preview = useObjectUrl(draft.photo);

  return (
    <>
      {shown ? <ProblemStatus problem={shown} /> : null}
      {shown?.status !== 'open' ? (
        <button type="button" className="shop-button shop-button-outline shop-button-block" onClick={() => report.send({ type: 'problem.open' })}>
          <FormattedMessage id="shop.problem.report" defaultMessage="Report a problem" />
        </button>
      ) : null}
      {open ? (
        <Sheet titleId="shop-problem-title" title={<FormattedMessage id="shop.problem.title" defaultMessage="What went wrong?" />} onCancel={() => report.send({ type: 'problem.cancel' })} busy={busy}>
          <fieldset className="shop-choices" disabled={busy}>
            <legend className="shop-visually-hidden">
              <FormattedMessage id="shop.problem.kind" defaultMessage="Problem" />
            </legend>
            {PROBLEM_KINDS.map((kind) => (
              <label key={kind} className="shop-choice">
                <input type="radio" name="problem-kind" checked={draft.kind === kind} onChange={() => report.send({ type: 'problem.kind', kind })} />
                {problemKindText(intl, kind)}
              </label>
            ))}
          </fieldset>
          <label className="shop-field">
            <span>
              {draft.kind === 'other' ? (
                <FormattedMessage id="shop.bargain.noteRequired" defaultMessage="Say why (needed)" />
              ) : (
                <FormattedMessage id="shop.bargain.note" defaultMessage="Note (optional)" />
              )}
            </span>
            <textarea rows={3} maxLength={PROBLEM_NOTE_MAX} value={draft.note} disabled={busy} onChange={(e) => report.send({ type: 'problem.note', note: e.target.value })} />
          </label>
          <div className="shop-field">
            <span>
              <FormattedMessage id="shop.problem.photo" defaultMessage="Photo (optional)" />
            </span>
            {preview ? <img className="shop-photo-preview" src={preview} alt={intl.formatMessage({ id: 'shop.problem.photoAlt', defaultMessage: 'Your photo of the problem' })} /> : null}
            {/* The phone's own file button speaks its own language: this one speaks the farmer's. */}
            <label className="shop-button shop-button-outline shop-file-button">
              {draft.photo ? (
                <FormattedMessage id="shop.problem.chooseAnother" defaultMessage="Choose another photo" />
              ) : (
                <FormattedMessage id="shop.problem.choosePhoto" defaultMessage="Choose a photo" />
              )}
              <input type="file" accept="image/jpeg,image/png" disabled={busy} onChange={(e) => report.send({ type: 'problem.photo', file: e.target.files?.[0] ?? null })} />
            </label>
          </div>
          {failed ? (
            <p className="shop-field-error" role="alert">
              <FormattedMessage id="shop.problem.failed" defaultMessage="It did not go. Check the network and send again." />
            </p>
          ) : null}
          <div className="shop-dialog-actions">
            <button type="button" className="shop-button shop-button-outline" disabled={busy} onClick={() => report.send({ type: 'problem.cancel' })}>
              <FormattedMessage id="shop.bargain.cancel" defaultMessage="Cancel" />
            </button>
            <button type="button" className="shop-button shop-button-primary" disabled={busy || !canSubmit} onClick={() => report.send({ type: 'problem.submit' })}>
              <FormattedMessage id="shop.problem.send" defaultMessage="Send" />
            </button>
          </div>
        </Sheet>
      ) : null}
    </>
  );
}
