import { Empty, Flex } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';

type Recharts = typeof import('./chart-parts');

let loaded: Recharts | null = null;
let pending: Promise<Recharts> | null = null;

/**
 * Starts loading the charts' code (recharts, about 105 KB gzipped) if it is not loaded yet. Only
 * the screens that draw a chart load it (issue 37), and they start it as their module runs, beside
 * their data's requests.
 */
export function loadCharts(): Promise<Recharts> {
  pending ??= import('./chart-parts').then(
    (m) => {
      loaded = m;
      return m;
    },
    (err: unknown) => {
      pending = null; // a failed download is asked again by the next chart
      throw err;
    },
  );
  return pending;
}

/**
 * A chart drawn with recharts once it has loaded: `children` gets the library. Until then an empty
 * box of the chart's height, so the page does not move when the chart appears.
 */
export function Chart({ height, children }: { height: number | string; children: (r: Recharts) => ReactNode }) {
  const [lib, setLib] = useState(loaded);
  useEffect(() => {
    if (lib) return;
    let live = true;
    loadCharts().then(
      (m) => live && setLib(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lib]);
  return lib ? children(lib) : <div style={{ height }} />;
}

/**
 * Instead of a chart with nothing to draw (empty axes from 0 to 4): 'No data yet' (issue 36).
 * `height` keeps the page from jumping when the data comes.
 */
export function NoDataYet({ height = 280 }: { height?: number | string }) {
  return (
    <Flex align="center" justify="center" style={{ height }} data-testid="no-data-yet">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data yet" />
    </Flex>
  );
}
