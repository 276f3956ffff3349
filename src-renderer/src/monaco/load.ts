/** Loads Monaco the first time an editor is shown, so it never weighs on first paint. */
type MonacoModule = typeof import('./setup');

let loading: Promise<MonacoModule> | null = null;

export function loadMonaco(): Promise<MonacoModule> {
  if (!loading) {
    loading = import('./setup').then((m) => {
      m.defineThemes();
      return m;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
