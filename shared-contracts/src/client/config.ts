/**
 * Runtime configuration. The host reads it from /config.json (written from env when the host
 * starts) and passes it to `configure`; a remote running alone keeps these local defaults.
 */
export interface FirebaseClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

export interface RuntimeConfig {
  apiUrl: string;
  firebase: FirebaseClientConfig;
  /** e.g. http://127.0.0.1:9099; empty when talking to a real Firebase project */
  authEmulatorUrl: string;
  supportEmail: string;
  /** the share of page loads that report their web vitals (host-shell/src/boot/web-vitals.ts); 0 where absent */
  webVitalsSampleRate?: number;
  /**
   * the host server's session (server-session.ts): its endpoint (POST the ID token after sign-in,
   * DELETE on sign-out), which keeps a server session cookie on the host's origin for server
   * rendering, and the readable cookie that says whose session it holds; absent where there is no
   * such server (a remote running alone)
   */
  serverSession?: { path: string; marker: string };
}

export const LOCAL_CONFIG: RuntimeConfig = {
  apiUrl: 'http://localhost:4000',
  firebase: { apiKey: 'demo-utsav-key', authDomain: 'demo-utsav.firebaseapp.com', projectId: 'demo-utsav' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  supportEmail: 'support@utsav.example',
};

let current: RuntimeConfig = LOCAL_CONFIG;

export function configure(config: Partial<RuntimeConfig>): void {
  current = { ...LOCAL_CONFIG, ...config, firebase: { ...LOCAL_CONFIG.firebase, ...config.firebase } };
}

export function getConfig(): RuntimeConfig {
  return current;
}
