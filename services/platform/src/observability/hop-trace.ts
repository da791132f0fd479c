import fs from 'node:fs';

const file = process.env.RAI_HOP_TRACE;
/** TEMPORARY probe: wall-clock ms of a hop, appended to RAI_HOP_TRACE. */
export function hop(key: string, name: string): void {
  if (!file) return;
  fs.appendFileSync(file, `${key} ${name} ${(performance.timeOrigin + performance.now()).toFixed(3)} ${process.pid}\n`);
}
