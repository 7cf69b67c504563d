/**
 * A short reading of a Chromium performance trace (Playwright's browser.startTracing): where the
 * page's main thread spent its time, by kind of work, and its longest tasks. Self time: an event's
 * duration less that of the events nested in it, so nothing is counted twice.
 */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * What an event's own time counts as; an event of none of these counts as what encloses it, and a
 * task's own time outside any of them (scheduling, tracing itself) as `other`.
 */
const KINDS: [kind: string, names: RegExp][] = [
  ['garbage collection', /^(MinorGC|MajorGC|V8\.GC\w*|BlinkGC\.\w+|ThreadState::\w*GC\w*)$/],
  ['script parse/compile', /^(V8\.(Compile|Parse|PreParse|CollectSourcePositions|Deserialize)\w*|v8\.compile\w*|v8\.produce\w*|CompileScript|v8\.parseOnBackground)$/],
  ['script evaluation', /^(EvaluateScript|v8\.evaluateModule|v8\.callFunction|v8\.run|V8\.Execute|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|XHRReadyStateChange|FireIdleCallback|MessagePort::Accept|BlinkScheduler_PerformMicrotaskCheckpoint|FlushInstructionCache|V8\.\w+)$/],
  ['HTML parse', /^(ParseHTML|HTMLDocumentParser::\w+)$/],
  ['style/layout', /^(UpdateLayoutTree|RecalculateStyles|Layout|ParseAuthorStyleSheet|HitTest|LocalFrameView::UpdateStyleAndLayout|Document::UpdateStyleAndLayout\w*|LocalFrameView::layout|LocalFrameView::performLayout|Document::recalcStyle|StyleEngine::\w+)$/],
  ['paint/composite', /^(Paint|PaintImage|PrePaint|UpdateLayer|UpdateLayerTree|Layerize|CompositeLayers|Commit|LocalFrameView::RunPaintLifecyclePhase|LocalFrameView::RunPrePaintLifecyclePhase|PaintArtifactCompositor::\w+|Decode Image|ImageDecodeTask|DecodeImage|RasterTask|Blink\.Paint\.\w+)$/],
  ['loading/IPC', /^(Receive mojo message|ResourceFetcher::\w+|ResponseBodyLoader::\w+|SimpleWatcher::OnHandleReady|ResourceLoader::\w+|ResourceLoadScheduler::\w+)$/],
];

const kindOf = (name: string) => KINDS.find(([, names]) => names.test(name))?.[0];

export interface TraceSummary {
  /** Sum of the main thread's top-level tasks, ms. */
  busyMs: number;
  byKind: Record<string, number>;
  longest: { ms: number; at: number; mostly: string }[];
}

export function summarizeTrace(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): TraceSummary {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // The page's main thread: of the renderers' main threads, the one that ran the most.
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = (pid: number, tid: number) => events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask' && e.dur);
  const total = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const main = mains.map((m) => ({ pid: m.pid, tid: m.tid, busy: total(tasks(m.pid, m.tid)) })).sort((a, b) => b.busy - a.busy)[0];
  if (!main) throw new Error('The trace holds no renderer main thread');
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);

  const byKind: Record<string, number> = {};
  const longest: TraceSummary['longest'] = [];
  const start = onMain[0]?.ts ?? 0;
  // Self time by kind, with a stack of the open events; each top-level task's own split as well.
  const stack: { e: TraceEvent; kind: string; children: number; kinds: Record<string, number> }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0 && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= upTo) {
      const { e, kind, children, kinds } = stack.pop()!;
      const self = Math.max(0, e.dur! - children);
      byKind[kind] = (byKind[kind] ?? 0) + self;
      kinds[kind] = (kinds[kind] ?? 0) + self;
      const parent = stack.at(-1);
      if (parent) {
        parent.children += e.dur!;
        for (const [k, v] of Object.entries(kinds)) parent.kinds[k] = (parent.kinds[k] ?? 0) + v;
      } else if (e.name === 'RunTask') {
        const mostly = Object.entries(kinds).sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
        longest.push({ ms: e.dur! / 1000, at: (e.ts - start) / 1000, mostly });
      }
    }
  };
  for (const e of onMain) {
    close(e.ts);
    stack.push({ e, kind: kindOf(e.name) ?? stack.at(-1)?.kind ?? 'other', children: 0, kinds: {} });
  }
  close(Number.POSITIVE_INFINITY);
  return {
    busyMs: total(tasks(main.pid, main.tid)) / 1000,
    byKind: Object.fromEntries(Object.entries(byKind).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / 1000] as const)),
    longest: longest.sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

export function printTraceSummary(label: string, summary: TraceSummary): void {
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`${label}: main thread busy ${ms(summary.busyMs)}`);
  console.log(`  by kind: ${Object.entries(summary.byKind).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
  console.log(`  longest tasks: ${summary.longest.map((t) => `${ms(t.ms)} at ${(t.at / 1000).toFixed(1)} s (${t.mostly})`).join('; ')}`);
}
