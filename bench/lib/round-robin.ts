/**
 * A layer-4 round-robin balancer for the scale-out bench: each TCP connection goes to the next
 * target in turn, as a cloud load balancer in TCP mode does. Keep-alive connections stay on the
 * instance they reached, so requests spread by connection, which is what a crowd of phones does.
 */
import net from 'node:net';

export interface RoundRobin {
  url: string;
  /** Connections sent to each target, in the order given. */
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobin(targets: { host: string; port: number }[]): Promise<RoundRobin> {
  if (targets.length === 0) throw new Error('a round robin needs at least one target');
  const counts = targets.map(() => 0);
  const open = new Set<net.Socket>();
  let next = 0;
  const server = net.createServer((client) => {
    const i = next++ % targets.length;
    counts[i] = (counts[i] ?? 0) + 1;
    const target = targets[i] as { host: string; port: number };
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.setNoDelay(true);
      s.once('close', () => open.delete(s));
      // Either side going away ends the pair; the other's error then says nothing new.
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
