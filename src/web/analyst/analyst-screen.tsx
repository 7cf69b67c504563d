/**
 * /analyst: the charts with the traffic they carry (for analysts, and admins). Pick a chart and a
 * period; the diagram shows each transition's count as its line's label and weight, dashed where
 * never taken, and each state's median time; the onboarding funnel; the transitions used that no
 * model test walks and those tested that no one used; and a day's sampled journeys, replayed step by
 * step on the diagrams, or sent to the Stately inspector. No personal data is ever shown: there is
 * none in what the phones send. The analyst-view chart (machines/analyst-view.machine.ts) holds the logic; the
 * app runs it in its one actor system while /analyst is shown, so the inspector sees it too.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { currentStep, funnelShare, pathInChart, replayedState, testedAgainstUsed, trafficTotal, type AnalystViewRef } from '../../../machines/analyst-view.machine';
import { PERIOD_DAYS } from '../../domain/analytics';
import type { Def } from '../../domain/statechart-mermaid';
import { withAdminMessages } from '../admin/admin-messages';
import { Loading } from '../shell/loading';
import { useSession } from '../shell/use-actors';
import { useLazyChart } from '../shell/use-lazy-chart';
import { formatMs, trafficMermaid } from './chart-picture';
import { formatCount } from '../i18n/count';
import { Diagram } from './diagram';
import { openInInspector } from './open-in-inspector';
import './analyst.css';

const DEFINITIONS = import.meta.glob<Def>('../../../docs/statecharts/*.json', { import: 'default' });
const definitionOf = async (chart: string): Promise<Def | undefined> => DEFINITIONS[`../../../docs/statecharts/${chart}.json`]?.();

const FUNNEL_STEPS = defineMessages({
  language: { id: 'admin.analyst.funnel.language', defaultMessage: 'Language chosen' },
  phone: { id: 'admin.analyst.funnel.phone', defaultMessage: 'Number sent' },
  code: { id: 'admin.analyst.funnel.code', defaultMessage: 'Code accepted' },
  photo: { id: 'admin.analyst.funnel.photo', defaultMessage: 'Photo' },
  aadhaar: { id: 'admin.analyst.funnel.aadhaar', defaultMessage: 'Aadhaar' },
  details: { id: 'admin.analyst.funnel.details', defaultMessage: 'Details sent' },
  submitted: { id: 'admin.analyst.funnel.submitted', defaultMessage: 'Submitted' },
  verified: { id: 'admin.analyst.funnel.verified', defaultMessage: 'Verified (home)' },
});

/** The chart's definition, fetched with its own small script. */
function useDefinition(chart: string): Def | undefined {
  const [definition, setDefinition] = useState<{ chart: string; def: Def | undefined }>();
  useEffect(() => {
    let current = true;
    void definitionOf(chart).then((def) => current && setDefinition({ chart, def }));
    return () => {
      current = false;
    };
  }, [chart]);
  return definition?.chart === chart ? definition.def : undefined;
}

function AnalystScreen() {
  const view = useLazyChart<AnalystViewRef>('analystView');
  return view ? <AnalystView view={view} /> : <Loading />;
}

export default withAdminMessages(AnalystScreen);

/** A transition as an analyst reads it: from → to on its event (the chart's start named as such). */
function Move({ chart, from, to, event }: { chart: string; from: string; to: string; event: string }) {
  const intl = useIntl();
  const name = (path: string) => pathInChart(chart, path) ?? intl.formatMessage({ id: 'admin.analyst.start', defaultMessage: '(start)' });
  return <FormattedMessage id="admin.analyst.move" defaultMessage="{from} → {to} on {event}" values={{ from: name(from), to: name(to), event: <code>{event}</code> }} />;
}

function AnalystView({ view }: { view: AnalystViewRef }) {
  const session = useSession();
  const intl = useIntl();
  const duration = (ms: number) => formatMs(ms, intl.locale);
  const context = useSelector(view, (s) => s.context);
  const loading = useSelector(view, (s) => s.matches({ traffic: 'loading' }));
  const failed = useSelector(view, (s) => s.matches({ traffic: 'failed' }));
  const replaying = useSelector(view, (s) => s.matches({ replay: 'replaying' }));
  const canBack = useSelector(view, (s) => s.can({ type: 'step.back' }));
  const canForward = useSelector(view, (s) => s.can({ type: 'step.forward' }));
  const definition = useDefinition(context.chartId);
  const step = currentStep(context);
  const overview = context.overview;
  const compared = overview ? testedAgainstUsed(overview.traffic) : null;
  const total = trafficTotal(context);

  return (
    <main className={replaying ? 'analyst analyst-replaying' : 'analyst'}>
      <header className="analyst-header">
        <h1>
          <FormattedMessage id="admin.analyst.title" defaultMessage="The charts in real use" />
        </h1>
        <button type="button" className="analyst-button" onClick={() => session.send({ type: 'session.logout' })}>
          <FormattedMessage id="shop.profile.logout" defaultMessage="Log out" />
        </button>
      </header>

      <section className="analyst-controls" aria-label={intl.formatMessage({ id: 'admin.analyst.controls', defaultMessage: 'Chart and period' })}>
        <label>
          <FormattedMessage id="admin.analyst.chart" defaultMessage="Chart" />{' '}
          <select value={context.chartId} onChange={(e) => view.send({ type: 'chart.pick', chartId: e.target.value })}>
            {(overview?.charts ?? [{ chartId: context.chartId, total: 0 }]).map((c) => (
              <option key={c.chartId} value={c.chartId}>
                {c.chartId} ({formatCount(c.total, intl.locale)})
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={intl.formatMessage({ id: 'admin.analyst.period', defaultMessage: 'Period' })}>
          {PERIOD_DAYS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={context.days === days}
              className={context.days === days ? 'analyst-button analyst-button-on' : 'analyst-button'}
              onClick={() => view.send({ type: 'period.pick', days })}
            >
              <FormattedMessage id="admin.analyst.days" defaultMessage="{days} days" values={{ days }} />
            </button>
          ))}
        </div>
      </section>

      {failed && (
        <p role="alert" className="analyst-error">
          <FormattedMessage id="admin.analyst.failed" defaultMessage="The figures could not be loaded." />{' '}
          <button type="button" onClick={() => view.send({ type: 'retry' })}>
            <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
          </button>
        </p>
      )}

      <section aria-labelledby="analyst-chart-title" aria-busy={loading}>
        <h2 id="analyst-chart-title">
          {total === null ? (
            <FormattedMessage id="admin.analyst.chartLoading" defaultMessage="{chart}: …" values={{ chart: context.chartId }} />
          ) : (
            <FormattedMessage
              id="admin.analyst.chartTotal"
              defaultMessage="{chart}: {count, plural, one {# transition} other {# transitions}} in {days} days"
              values={{ chart: context.chartId, count: total, days: context.days }}
            />
          )}
        </h2>
        <p className="analyst-muted">
          <FormattedMessage
            id="admin.analyst.legend"
            defaultMessage="Each arrow reads its event and count; thicker is busier, dashed was never taken. States show their median time."
          />
        </p>
        {overview && definition ? (
          <Diagram
            text={trafficMermaid(definition, overview.traffic, replayedState(context), { duration, count: (count) => formatCount(count, intl.locale) })}
            label={intl.formatMessage({ id: 'admin.analyst.diagram', defaultMessage: '{chart} with its traffic' }, { chart: context.chartId })}
          />
        ) : (
          <p>
            <FormattedMessage id="common.loading" defaultMessage="Loading..." />
          </p>
        )}
      </section>

      {overview && (
        <section aria-labelledby="analyst-funnel-title">
          <h2 id="analyst-funnel-title">
            <FormattedMessage id="admin.analyst.funnel" defaultMessage="Onboarding funnel" />
          </h2>
          <ol className="analyst-funnel">
            {overview.funnel.steps.map((s) => (
              <li key={s.step} data-step={s.step}>
                <span className="analyst-funnel-name">{s.step in FUNNEL_STEPS ? intl.formatMessage(FUNNEL_STEPS[s.step as keyof typeof FUNNEL_STEPS]) : s.step}</span>
                <span className="analyst-funnel-bar" style={{ width: `${funnelShare(overview.funnel.steps, s.count)}%` }} />
                <span className="analyst-funnel-count">{formatCount(s.count, intl.locale)}</span>
                <span className="analyst-muted">
                  {s.dropOff > 0 ? `−${formatCount(s.dropOff, intl.locale)}` : ''}
                  {s.medianMsFromPrevious !== null ? ` · ${duration(s.medianMsFromPrevious)}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}

      {compared && (
        <section aria-labelledby="analyst-tested-title">
          <h2 id="analyst-tested-title">
            <FormattedMessage id="admin.analyst.tested" defaultMessage="Tested against used" />
          </h2>
          <h3>
            <FormattedMessage id="admin.analyst.untested" defaultMessage="Used, but no generated test path takes them ({count})" values={{ count: compared.untested.length }} />
          </h3>
          <ul className="analyst-list">
            {compared.untested.map((t) => (
              <li key={`${t.from}-${t.event}-${t.to}`}>
                <Move chart={context.chartId} {...t} />: {formatCount(t.count, intl.locale)}
              </li>
            ))}
          </ul>
          <h3>
            <FormattedMessage id="admin.analyst.unused" defaultMessage="Tested, but never used in {days} days ({count})" values={{ days: context.days, count: compared.unused.length }} />
          </h3>
          <ul className="analyst-list">
            {compared.unused.map((t) => (
              <li key={`${t.from}-${t.event}-${t.to}`}>
                <Move chart={context.chartId} {...t} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="analyst-replay-title">
        <h2 id="analyst-replay-title">
          <FormattedMessage id="admin.analyst.journeys" defaultMessage="Journeys" />
        </h2>
        <label>
          <FormattedMessage id="admin.analyst.day" defaultMessage="Day" />{' '}
          <input type="date" value={context.day ?? ''} onChange={(e) => e.target.value && view.send({ type: 'journeys.day', day: e.target.value })} />
        </label>
        <ul className="analyst-list analyst-journeys">
          {context.journeys.map((j, i) => (
            <li key={j.id}>
              <button type="button" className="analyst-link" onClick={() => view.send({ type: 'journey.open', id: j.id })}>
                <FormattedMessage
                  id="admin.analyst.journey"
                  defaultMessage="Journey {number}: {count, plural, one {# transition} other {# transitions}}"
                  values={{ number: i + 1, count: j.length }}
                />
              </button>
            </li>
          ))}
          {context.journeys.length === 0 && (
            <li className="analyst-muted">
              <FormattedMessage id="admin.analyst.noJourneys" defaultMessage="No journeys sampled that day." />
            </li>
          )}
        </ul>
        {replaying && context.journey && (
          <div className="analyst-replay" aria-live="polite">
            <p data-testid="analyst-step">
              <FormattedMessage id="admin.analyst.step" defaultMessage="Step {step} of {total}" values={{ step: context.step, total: context.journey.transitions.length }} />
              {step ? (
                <>
                  {': '}
                  <strong>{step.chart}</strong> <Move {...step} />
                  {', '}
                  <FormattedMessage id="admin.analyst.after" defaultMessage="after {time}" values={{ time: duration(step.at - context.journey.transitions[0]!.at) }} />
                </>
              ) : null}
            </p>
            <div className="analyst-replay-buttons">
              <button type="button" className="analyst-button" disabled={!canBack} onClick={() => view.send({ type: 'step.back' })}>
                <FormattedMessage id="common.back" defaultMessage="Back" />
              </button>
              <button type="button" className="analyst-button" disabled={!canForward} onClick={() => view.send({ type: 'step.forward' })}>
                <FormattedMessage id="admin.analyst.forward" defaultMessage="Forward" />
              </button>
              <button type="button" className="analyst-button" onClick={() => void openInInspector(context.journey!, context.step, definitionOf)}>
                <FormattedMessage id="admin.analyst.openInInspector" defaultMessage="Open in inspector" />
              </button>
              <button type="button" className="analyst-button" onClick={() => view.send({ type: 'journey.close' })}>
                <FormattedMessage id="admin.analyst.close" defaultMessage="Close" />
              </button>
            </div>
          </div>
        )}
      </section>
    </main>
  );
}
