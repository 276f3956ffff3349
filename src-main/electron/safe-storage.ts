/** In the desktop app, secrets are encrypted with the OS keychain through Electron's safeStorage. */
export function useSafeStorage(): void {
  // Wired to the secret store once it lands (see host/secret-store.ts).
}
