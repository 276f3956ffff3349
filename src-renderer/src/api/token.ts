/**
 * Browser mode: the page is opened at `/?token=...`. The token is moved out of the address bar
 * (so it does not linger in history or get copied with the URL) and kept in sessionStorage so a reload works.
 */
const KEY = 'skillbench.token';

export function takeToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    try {
      sessionStorage.setItem(KEY, fromUrl);
    } catch {
      /* storage may be unavailable; the token still works for this page */
    }
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
