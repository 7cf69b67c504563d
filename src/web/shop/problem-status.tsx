/** Where a reported problem stands, on the farmer's tracker: open (the provider will look into it) or closed with the provider's answer. */
import { FormattedMessage, useIntl } from 'react-intl';
import { PROBLEM_KIND_TEXT, type ProblemKind } from '../../domain/delivery';
import type { OrderProblem } from '../../domain/types';
import { When } from '../shell/when';

export function problemKindText(intl: ReturnType<typeof useIntl>, kind: ProblemKind): string {
  return intl.formatMessage({ id: `shop.problem.kind.${kind}`, defaultMessage: PROBLEM_KIND_TEXT[kind] });
}

export function ProblemStatus({ problem }: { problem: OrderProblem }) {
  const intl = useIntl();
  const open = problem.status === 'open';
  return (
    <section className={open ? 'shop-card shop-problem' : 'shop-card shop-problem shop-problem-closed'} aria-labelledby="shop-problem-state">
      <h2 id="shop-problem-state">
        {open ? (
          <FormattedMessage id="shop.problem.open" defaultMessage="Problem reported: {kind}" values={{ kind: problemKindText(intl, problem.kind) }} />
        ) : (
          <FormattedMessage id="shop.problem.closed" defaultMessage="Problem answered: {kind}" values={{ kind: problemKindText(intl, problem.kind) }} />
        )}
      </h2>
      {problem.note ? <p className="shop-small shop-muted">“{problem.note}”</p> : null}
      {open ? (
        <p className="shop-small">
          <FormattedMessage id="shop.problem.waiting" defaultMessage="The provider will look into it and call you." />
        </p>
      ) : (
        <p className="shop-small">
          <FormattedMessage id="shop.problem.answer" defaultMessage="Provider's answer: {note}" values={{ note: problem.adminNote ?? '—' }} />
        </p>
      )}
      <p className="shop-small shop-muted">
        <When at={problem.closedAt ?? problem.createdAt} />
      </p>
    </section>
  );
}
