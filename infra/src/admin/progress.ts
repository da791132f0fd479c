const WIDTH = 28;

const duration = (seconds: number) => {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Events done of total, rate and time left: a bar redrawn in place on a terminal, a
 * plain line at the first batch and every few seconds after otherwise (CI logs, pipes).
 */
export function progressReporter(label: string, total: number, out: NodeJS.WriteStream = process.stderr) {
  const started = performance.now();
  let lastLine = -Infinity;
  const line = (done: number) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const shown = Math.min(done, total);
    const left = rate > 0 ? (total - shown) / rate : Infinity;
    return {
      text: `${shown.toLocaleString('en')} / ${total.toLocaleString('en')} events  ${Math.round(rate).toLocaleString('en')} events/s  ${duration(left)} left`,
      shown,
    };
  };
  return {
    update(done: number) {
      const { text, shown } = line(done);
      if (out.isTTY) {
        const filled = total > 0 ? Math.round((shown / total) * WIDTH) : WIDTH;
        out.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${text}\x1b[K`);
      } else if (performance.now() - lastLine > 2000) {
        lastLine = performance.now();
        out.write(`${label}: ${text}\n`);
      }
    },
    finish(done: number) {
      const seconds = (performance.now() - started) / 1000;
      out.write(
        `${out.isTTY ? '\r' : ''}${label}: ${done.toLocaleString('en')} events in ${seconds.toFixed(1)} s (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en')} events/s)${out.isTTY ? '\x1b[K' : ''}\n`,
      );
    },
  };
}
