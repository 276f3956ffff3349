/**
 * What the UI benchmark measures inside the page: long tasks (PerformanceObserver `longtask`), frames (a
 * requestAnimationFrame loop), and interaction times taken in the page itself, so that the driver's own round
 * trips are not counted. Installed before the app's code with `page.addInitScript`.
 */
export const PROBES = `
(() => {
  const b = (window.__bench = { tasks: [], frames: [], answerAt: 0, eventBytes: 0, eventFrames: 0 });
  // When answers arrive, and how much event traffic the page takes in: where a slow click's time went.
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    send(data) {
      if (typeof data === 'string' && data.includes('"method":"callTool"')) b.sentAt = performance.now();
      return super.send(data);
    }
    constructor(...args) {
      super(...args);
      // The app's own socket is the first the page opens: what it takes in, every frame counted.
      if (!b.appSocket) b.appSocket = this;
      this.received = 0;
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string') return;
        this.received += e.data.length;
        if (e.data.startsWith('{"id"')) b.answerAt = performance.now();
        else { b.eventFrames++; b.eventBytes += e.data.length; }
      });
    }
  };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) b.tasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  const frame = (t) => { b.frames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  window.__benchReset = () => { b.tasks.length = 0; b.frames.length = 0; b.answers = []; b.sends = []; b.eventBytes = 0; b.eventFrames = 0; };
  window.__benchAppBytes = () => (b.appSocket ? b.appSocket.received : 0);
  window.__benchTraffic = () => ({ answers: b.answers ?? [], sends: b.sends ?? [], eventBytes: b.eventBytes, eventFrames: b.eventFrames });
  window.__benchCollect = () => {
    const f = b.frames;
    let worst = 0;
    for (let i = 1; i < f.length; i++) worst = Math.max(worst, f[i] - f[i - 1]);
    const span = f.length > 1 ? (f[f.length - 1] - f[0]) / 1000 : 0;
    return { longestTask: b.tasks.length ? Math.max(...b.tasks) : 0, longTasks: b.tasks.length, fps: span ? (f.length - 1) / span : 0, worstGap: worst };
  };
  /** Resolves with the ms from a condition's start until check() holds, watching the DOM and each frame. */
  const until = (check, what = 'the page') => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('timed out after 60 s waiting for ' + what)); }, 60000);
    const test = () => { if (check()) { clearTimeout(timer); obs.disconnect(); resolve(performance.now() - t0); return true; } return false; };
    const obs = new MutationObserver(test);
    obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    const poll = () => { if (!test()) requestAnimationFrame(poll); };
    requestAnimationFrame(poll);
  });
  /** Presses Run and waits for a result that differs from the one shown (the bench skill numbers its answers). */
  window.__benchClickRun = async () => {
    const text = () => document.querySelector('[data-testid="tool-result"]')?.textContent ?? '';
    const before = text();
    b.answerAt = 0;
    b.sentAt = 0;
    const t0 = performance.now();
    document.querySelector('[data-testid="run-tool"]').click();
    await until(() => text() !== before && /call/.test(text()), 'a new result after Run');
    const t1 = performance.now();
    (b.answers ??= []).push(b.answerAt ? b.answerAt - t0 : -1);
    (b.sends ??= []).push(b.sentAt ? b.sentAt - t0 : -1);
    return t1 - t0;
  };
  window.__benchClickUntil = async (selector, check) => {
    const t0 = performance.now();
    document.querySelector(selector).click();
    await until(() => check());
    return performance.now() - t0;
  };
  window.__benchUntil = until;
})();
`;

export function p90(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.9) - 1)];
}
