/**
 * Draws a chart's Mermaid text with the Mermaid the offline page uses, fetched with this screen only,
 * then styles the arrows by their counts. A failed drawing shows the text itself, which still reads.
 * A chart bigger than its box opens scrolled to the replay's state, or else to its first state: its
 * outer boxes alone would fill a phone's screen.
 */
import { useEffect, useRef, useState } from 'react';
import { styleEdges } from './chart-picture';

let drawings = 0;
const loadMermaid = async () => {
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', maxTextSize: 500_000, maxEdges: 2_000, flowchart: { htmlLabels: false } });
  return mermaid;
};

/** Scrolls the box so that the node shows: the replay's state in the middle, the first state near the top left. */
function bringIntoView(scroller: HTMLElement, drawn: SVGSVGElement): void {
  const current = drawn.querySelector<SVGGElement>('g.current');
  // Else the top state with a name (the start dots have none), where the chart begins to read.
  const named = [...drawn.querySelectorAll<SVGGElement>('g.node')].filter((n) => (n.textContent ?? '').trim() !== '');
  const top = (n: SVGGElement) => n.getBoundingClientRect().top;
  const node = current ?? named.reduce<SVGGElement | undefined>((best, n) => (best === undefined || top(n) < top(best) ? n : best), undefined);
  if (!node) return;
  const box = scroller.getBoundingClientRect();
  const at = node.getBoundingClientRect();
  const margin = 16;
  scroller.scrollLeft += current ? at.left + at.width / 2 - (box.left + box.width / 2) : at.left - box.left - margin;
  scroller.scrollTop += current ? at.top + at.height / 2 - (box.top + box.height / 2) : at.top - box.top - margin;
}

export function Diagram({ text, label }: { text: string; label: string }) {
  const frame = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void loadMermaid()
      .then((mermaid) => mermaid.render(`analyst-diagram-${++drawings}`, text))
      .then(({ svg }) => {
        if (!current || !box.current) return;
        // Mermaid's own output, sanitised by it (securityLevel strict).
        box.current.innerHTML = svg;
        const drawn = box.current.querySelector('svg');
        if (drawn) {
          styleEdges(drawn);
          // Drawn at its own size, scrolled sideways on a phone: shrunk to the screen, no label reads.
          if (drawn.style.maxWidth) drawn.style.width = drawn.style.maxWidth;
          drawn.style.maxWidth = 'none';
          if (frame.current) bringIntoView(frame.current, drawn);
        }
        setFailed(false);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [text]);
  return (
    <figure ref={frame} className="analyst-diagram" aria-label={label}>
      <div ref={box} data-testid="analyst-diagram" />
      {failed && <pre className="analyst-diagram-text">{text}</pre>}
    </figure>
  );
}
