import { useCallback, useState } from 'react';
import type { Graph } from './flow-graph';

const LIMIT = 100;

interface History {
  past: Graph[];
  present: Graph;
  future: Graph[];
}

/**
 * The canvas with undo and redo. `record: false` replaces the present without a step (a block
 * being dragged moves many times; only where it lands is one step).
 */
export function useGraphHistory(initial: Graph) {
  const [history, setHistory] = useState<History>({ past: [], present: initial, future: [] });
  const set = useCallback((next: Graph | ((current: Graph) => Graph), record = true) => {
    setHistory((h) => {
      const graph = typeof next === 'function' ? next(h.present) : next;
      if (graph === h.present) return h;
      return record ? { past: [...h.past, h.present].slice(-LIMIT), present: graph, future: [] } : { ...h, present: graph };
    });
  }, []);
  const undo = useCallback(() => setHistory((h) => (h.past.length === 0 ? h : { past: h.past.slice(0, -1), present: h.past.at(-1)!, future: [h.present, ...h.future] })), []);
  const redo = useCallback(() => setHistory((h) => (h.future.length === 0 ? h : { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) })), []);
  const reset = useCallback((graph: Graph) => setHistory({ past: [], present: graph, future: [] }), []);
  return { graph: history.present, set, undo, redo, reset, canUndo: history.past.length > 0, canRedo: history.future.length > 0 };
}
