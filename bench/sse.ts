/**
 * A live stream read as a page's script reads it (`GET /games/:id/live`, live/routes.ts), for the
 * benchmarks: resolves once the server says the stream is subscribed (`event: ready`), then calls
 * `onEvent` with each game event and the instant (performance.now()) its bytes arrived.
 */
export async function openGameStream(url: string, cookie: string, signal: AbortSignal, onEvent: (e: { kind: string; step?: number }, arrivedAt: number) => void): Promise<void> {
  const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal });
  if (res.status !== 200) throw new Error(`stream ${url}: ${res.status}`);
  const dec = new TextDecoder();
  let buf = '';
  let ready!: () => void;
  const isReady = new Promise<void>((r) => { ready = r; });
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const now = performance.now();
        buf += dec.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.startsWith('event: ready')) ready();
          const m = /^event: game\ndata: (.*)$/m.exec(block);
          if (m) onEvent(JSON.parse(m[1]!) as { kind: string; step?: number }, now);
        }
      }
    } catch { /* aborted at the end */ }
  })();
  await isReady;
}
