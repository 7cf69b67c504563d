/**
 * /analyst: the charts with the traffic they carry (for analysts, and admins). Pick a chart and a
 * period; the diagram shows each transition's count as its line's label and weight, dashed where
 * never taken, and each state's median time; the onboarding funnel; the transitions used that no
 * model test walks and those tested that no one used; and a day's sampled journeys, replayed step by
 * step on the diagrams, or sent to the Stately inspector. No personal data is ever shown: there is
 * none in what the phones send. The analyst-view chart (machines/analyst-view.ts) holds the logic; the
 * app runs it in its one actor system while /analyst is shown, so the inspector sees it too.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { currentStep, type AnalystViewRef } from '../../../machines/analyst-view';
import { PERIOD_DAYS } from '../../domain/analytics';
import type { ChartTraffic } from '../../domain/schemas/analytics';
import type { Def } from '../../domain/statechart-mermaid';
import { Loading } from '../shell/loading';
import { useSession } from '../shell/use-actors';
import { useLazyChart } from '../shell/use-lazy-chart';
import { formatMs, trafficMermaid } from './chart-picture';
import { Diagram } from './diagram';
import { openInInspector } from './open-in-inspector';
import './analyst.css';

const DEFINITIONS = import.meta.glob<Def>('../../../docs/statecharts/*.json', { import: 'default' });
const definitionOf = async (chart: string): Promise<Def | undefined> => DEFINITIONS[`../../../docs/statecharts/${chart}.json`]?.();

const FUNNEL_LABELS: Record<string, string> = {
  language: 'Language chosen',
  phone: 'Number sent',
  code: 'Code accepted',
  photo: 'Photo',
  aadhaar: 'Aadhaar',
  details: 'Details sent',
  submitted: 'Submitted',
  verified: 'Verified (home)',
};

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

/** Used but never walked by a model test, and tested but never used. */
export function testedAgainstUsed(traffic: ChartTraffic) {
  const real = traffic.transitions.filter((t) => t.event !== '');
  return {
    untested: real.filter((t) => t.count > 0 && !t.tested),
    unused: real.filter((t) => t.tested && t.count === 0),
  };
}

const short = (chart: string, path: string) => (path === chart ? '(start)' : path.slice(chart.length + 1));

export default function AnalystScreen() {
  const view = useLazyChart<AnalystViewRef>('analystView');
  return view ? <AnalystView view={view} /> : <Loading />;
}

function AnalystView({ view }: { view: AnalystViewRef }) {
  const session = useSession();
  const context = useSelector(view, (s) => s.context);
  const loading = useSelector(view, (s) => s.matches({ traffic: 'loading' }));
  const failed = useSelector(view, (s) => s.matches({ traffic: 'failed' }));
  const replaying = useSelector(view, (s) => s.matches({ replay: 'replaying' }));
  const definition = useDefinition(context.chartId);
  const step = currentStep(context);
  const overview = context.overview;
  const compared = overview ? testedAgainstUsed(overview.traffic) : null;
  const shownState = step && step.chart === context.chartId ? step.to : null;

  return (
    <main className="analyst">
      <header className="analyst-header">
        <h1>The charts in real use</h1>
        <button type="button" className="analyst-button" onClick={() => session.send({ type: 'session.logout' })}>
          Log out
        </button>
      </header>

      <section className="analyst-controls" aria-label="Chart and period">
        <label>
          Chart{' '}
          <select value={context.chartId} onChange={(e) => view.send({ type: 'chart.pick', chartId: e.target.value })}>
            {(overview?.charts ?? [{ chartId: context.chartId, total: 0 }]).map((c) => (
              <option key={c.chartId} value={c.chartId}>
                {c.chartId} ({c.total})
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Period">
          {PERIOD_DAYS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={context.days === days}
              className={context.days === days ? 'analyst-button analyst-button-on' : 'analyst-button'}
              onClick={() => view.send({ type: 'period.pick', days })}
            >
              {days} days
            </button>
          ))}
        </div>
      </section>

      {failed && (
        <p role="alert" className="analyst-error">
          The figures could not be loaded. <button type="button" onClick={() => view.send({ type: 'retry' })}>Try again</button>
        </p>
      )}

      <section aria-labelledby="analyst-chart-title" aria-busy={loading}>
        <h2 id="analyst-chart-title">
          {context.chartId}: {overview ? overview.traffic.transitions.reduce((sum, t) => sum + t.count, 0) : '…'} transitions in {context.days} days
        </h2>
        <p className="analyst-muted">Each arrow reads its event and count; thicker is busier, dashed was never taken. States show their median time.</p>
        {overview && definition ? <Diagram text={trafficMermaid(definition, overview.traffic, shownState)} label={`${context.chartId} with its traffic`} /> : <p>Loading…</p>}
      </section>

      {overview && (
        <section aria-labelledby="analyst-funnel-title">
          <h2 id="analyst-funnel-title">Onboarding funnel</h2>
          <ol className="analyst-funnel">
            {overview.funnel.steps.map((s) => {
              const top = Math.max(1, overview.funnel.steps[0]?.count ?? 1);
              return (
                <li key={s.step} data-step={s.step}>
                  <span className="analyst-funnel-name">{FUNNEL_LABELS[s.step] ?? s.step}</span>
                  <span className="analyst-funnel-bar" style={{ width: `${Math.max(2, (100 * s.count) / top)}%` }} />
                  <span className="analyst-funnel-count">{s.count}</span>
                  <span className="analyst-muted">
                    {s.dropOff > 0 ? `−${s.dropOff}` : ''}
                    {s.medianMsFromPrevious !== null ? ` · ${formatMs(s.medianMsFromPrevious)}` : ''}
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
      )}

      {compared && (
        <section aria-labelledby="analyst-tested-title">
          <h2 id="analyst-tested-title">Tested against used</h2>
          <h3>Used, but no generated test path takes them ({compared.untested.length})</h3>
          <ul className="analyst-list">
            {compared.untested.map((t) => (
              <li key={`${t.from}-${t.event}-${t.to}`}>
                {short(context.chartId, t.from)} → {short(context.chartId, t.to)} on <code>{t.event}</code>: {t.count}
              </li>
            ))}
          </ul>
          <h3>Tested, but never used in {context.days} days ({compared.unused.length})</h3>
          <ul className="analyst-list">
            {compared.unused.map((t) => (
              <li key={`${t.from}-${t.event}-${t.to}`}>
                {short(context.chartId, t.from)} → {short(context.chartId, t.to)} on <code>{t.event}</code>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="analyst-replay-title">
        <h2 id="analyst-replay-title">Journeys</h2>
        <label>
          Day <input type="date" value={context.day ?? ''} onChange={(e) => e.target.value && view.send({ type: 'journeys.day', day: e.target.value })} />
        </label>
        <ul className="analyst-list">
          {context.journeys.map((j, i) => (
            <li key={j.id}>
              <button type="button" className="analyst-link" onClick={() => view.send({ type: 'journey.open', id: j.id })}>
                Journey {i + 1}: {j.length} transitions
              </button>
            </li>
          ))}
          {context.journeys.length === 0 && <li className="analyst-muted">No journeys sampled that day.</li>}
        </ul>
        {replaying && context.journey && (
          <div className="analyst-replay" aria-live="polite">
            <p data-testid="analyst-step">
              Step {context.step} of {context.journey.transitions.length}
              {step ? (
                <>
                  : <strong>{step.chart}</strong> {short(step.chart, step.from)} → {short(step.chart, step.to)} on <code>{step.event}</code>, after{' '}
                  {formatMs(step.at - context.journey.transitions[0]!.at)}
                </>
              ) : null}
            </p>
            <div className="analyst-replay-buttons">
              <button type="button" className="analyst-button" disabled={context.step === 0} onClick={() => view.send({ type: 'step.back' })}>
                Back
              </button>
              <button
                type="button"
                className="analyst-button"
                disabled={context.step >= context.journey.transitions.length}
                onClick={() => view.send({ type: 'step.forward' })}
              >
                Forward
              </button>
              <button type="button" className="analyst-button" onClick={() => void openInInspector(context.journey!, context.step, definitionOf)}>
                Open in inspector
              </button>
              <button type="button" className="analyst-button" onClick={() => view.send({ type: 'journey.close' })}>
                Close
              </button>
            </div>
          </div>
        )}
      </section>
    </main>
  );
}
