/**
 * The slice of Electron's API that the main process and the preload use, for type checks on a machine where
 * the optional `electron` package could not install (its binary download failed, so npm removed it).
 * tsconfig.node.json maps `electron` to the real package first and to this file only when it is absent,
 * so wherever Electron is installed its own types are the ones checked.
 */

type Listener = (...args: any[]) => void;

export interface WebFrameMain {
  url: string;
}

export interface WebContents {
  on(event: 'will-navigate' | 'will-attach-webview', listener: (e: { preventDefault(): void }, url: string) => void): this;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void;
  send(channel: string, ...args: unknown[]): void;
  mainFrame: WebFrameMain;
}

export interface IpcMainInvokeEvent {
  sender: WebContents;
  senderFrame: WebFrameMain | null;
}

export interface IpcRendererEvent {
  sender: unknown;
}

export interface BrowserWindowConstructorOptions {
  width?: number;
  height?: number;
  minWidth?: number;
  minHeight?: number;
  title?: string;
  show?: boolean;
  webPreferences?: {
    preload?: string;
    contextIsolation?: boolean;
    sandbox?: boolean;
    nodeIntegration?: boolean;
    webSecurity?: boolean;
    spellcheck?: boolean;
  };
}

export class BrowserWindow {
  constructor(options?: BrowserWindowConstructorOptions);
  static getAllWindows(): BrowserWindow[];
  webContents: WebContents;
  isDestroyed(): boolean;
  show(): void;
  loadURL(url: string): Promise<void>;
  once(event: string, listener: Listener): this;
  on(event: string, listener: Listener): this;
}

export const app: {
  setName(name: string): void;
  getVersion(): string;
  getPath(name: 'userData' | 'home' | 'temp'): string;
  whenReady(): Promise<void>;
  quit(): void;
  on(event: 'web-contents-created', listener: (e: unknown, contents: WebContents) => void): typeof app;
  on(event: 'before-quit', listener: (e: { preventDefault(): void }) => void): typeof app;
  on(event: string, listener: Listener): typeof app;
};

export const dialog: {
  showOpenDialog(win: BrowserWindow, options: { properties: string[] }): Promise<{ canceled: boolean; filePaths: string[] }>;
};

export const ipcMain: {
  handle(channel: string, listener: (e: IpcMainInvokeEvent, ...args: any[]) => unknown): void;
};

export const net: { fetch(url: string): Promise<Response> };

export const protocol: {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void;
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
};

export const session: {
  defaultSession: {
    setPermissionRequestHandler(handler: (wc: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
    setPermissionCheckHandler(handler: () => boolean): void;
    webRequest: {
      onHeadersReceived(
        listener: (
          details: { responseHeaders?: Record<string, string[]> },
          callback: (response: { responseHeaders: Record<string, string[]> }) => void,
        ) => void,
      ): void;
    };
  };
};

export const safeStorage: {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend(): string;
};

export const contextBridge: { exposeInMainWorld(key: string, api: unknown): void };

export const ipcRenderer: {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (e: IpcRendererEvent, ...args: any[]) => void): void;
  removeListener(channel: string, listener: (e: IpcRendererEvent, ...args: any[]) => void): void;
};
