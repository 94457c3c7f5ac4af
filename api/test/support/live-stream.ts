/**
 * A test's client of the live stream (GET /users/:uid/events) over real HTTP: reads the Server-Sent
 * Events as they come and waits for the ones a test expects.
 */
export interface LiveEvent {
  event: string;
  id: string;
  data: unknown;
}

export interface LiveStream {
  status: number;
  headers: Headers;
  /** every event so far, in order */
  events: LiveEvent[];
  /** the first event (from `after` on) that matches, waiting for it up to `timeoutMs` */
  next(match: (event: LiveEvent) => boolean, options?: { timeoutMs?: number; after?: number }): Promise<LiveEvent>;
  /** settles when the stream is over: 'server' when the server ended it, 'client' when close() did */
  ended: Promise<'server' | 'client'>;
  close(): void;
}

export async function openLiveStream(url: string, uid: string, token: string, lastEventId?: string): Promise<LiveStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  const response = await fetch(`${url}/users/${uid}/events`, { headers, signal: controller.signal });
  const events: LiveEvent[] = [];
  const waiting = new Set<() => void>();
  let settle: (by: 'server' | 'client') => void = () => undefined;
  const ended = new Promise<'server' | 'client'>((resolve) => (settle = resolve));
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = Object.fromEntries(
              frame
                .split('\n')
                .filter((line) => line && !line.startsWith(':'))
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
            );
            if (fields.event) events.push({ event: fields.event, id: fields.id ?? '', data: JSON.parse(fields.data ?? 'null') });
            for (const wake of waiting) wake();
          }
        }
        settle('server');
      } catch {
        // closed by the test
        settle('client');
      }
    })();
  } else {
    await response.text().catch(() => undefined);
    settle('server');
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    next(match, { timeoutMs = 5000, after = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(after).find(match);
          if (!found) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching live event within ${timeoutMs} ms; had: ${JSON.stringify(events.map((e) => e.event))}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
