import { formatDuration } from '@ops/shared';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { chartScales, timeTicks, valueTicks, type ChartPoint } from './chart-scales';

export type { ChartPoint } from './chart-scales';

export interface StatusChartProps {
  points: readonly ChartPoint[];
  /** Accessible name, e.g. 'Health Overview'. */
  label: string;
  /** Range of the x axis; defaults to the first and last point. */
  start?: number;
  end?: number;
  height?: number;
  className?: string;
}

const PAD = { top: 8, right: 12, bottom: 22, left: 48 };

function useWidth(element: Element | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * Runs over time as a scatter chart in plain SVG: x is time, y the duration, green for passed and
 * red for failed, as the health indicators colour them. Each point has a tooltip; the figure has an accessible name.
 */
export function StatusChart({ points, label, start, end, height = 200, className }: StatusChartProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useWidth(box);
  const s = chartScales(points, { width, height, pad: PAD, start, end });
  return (
    <div ref={setBox} className={cn('w-full', className)} style={{ height }}>
      {width > 0 && (
        <svg role="img" aria-label={label} width={width} height={height} className="text-muted-foreground">
          {valueTicks(s.maxValue).map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={width - PAD.right} y1={s.y(v)} y2={s.y(v)} className="stroke-border" strokeDasharray="3 3" />
              <text x={PAD.left - 6} y={s.y(v)} dy="0.32em" textAnchor="end" className="fill-current text-[10px]">
                {formatDuration(v)}
              </text>
            </g>
          ))}
          {timeTicks(s.start, s.end, Math.max(2, Math.floor(width / 140))).map((t, i, all) => (
            <text
              key={t}
              x={s.x(t)}
              y={height - 6}
              textAnchor={i === 0 ? 'start' : i === all.length - 1 ? 'end' : 'middle'}
              className="fill-current text-[10px]"
            >
              {new Date(t).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}
            </text>
          ))}
          {points.map((p) => (
            <circle
              key={`${p.time}-${p.value}`}
              cx={s.x(p.time)}
              cy={s.y(p.value)}
              r={3}
              className={p.ok ? 'fill-success' : 'fill-destructive'}
            >
              <title>{`${new Date(p.time).toLocaleString()} · ${formatDuration(p.value)} · ${p.ok ? 'passed' : 'failed'}${p.note ? ` · ${p.note}` : ''}`}</title>
            </circle>
          ))}
        </svg>
      )}
      {points.length === 0 && <p className="-mt-24 text-center text-sm text-muted-foreground">No data available</p>}
    </div>
  );
}
