// Preloaded into the server by `npm run bench:load -- --cpu-prof DIR` (Node 20 refuses --cpu-prof in
// NODE_OPTIONS, but allows --require): profiles the whole run and writes a .cpuprofile file into
// LOAD_CPU_PROF_DIR when the server exits (open it in Chrome DevTools or speedscope).
const { Session } = require('node:inspector');
const { writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.LOAD_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.on('exit', () => {
    // The in-thread session answers synchronously, so this finishes before the process does.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
