import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';

/**
 * A shutdown must end, and should not cut what is nearly done: a request in flight is answered, and
 * after SHUTDOWN_GRACE_MS every connection still open is cut, so a client that went silent cannot
 * hold close() until the request timeout (the deploy would hang, the next instance wait for the port).
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

async function listening(graceMs: number) {
  const config = { ...loadConfig({ DATA_DIR: '.tmp/test-data', SEED: 'none', SHUTDOWN_GRACE_MS: String(graceMs) }), distDir: '/nonexistent' };
  const app = await buildApp({ config, database });
  const url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  return { app, port: Number(url.port) };
}

function connect(port: number): Promise<{ socket: net.Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve({ socket, closed: new Promise((done) => socket.once('close', () => done())) }));
    socket.once('error', reject);
  });
}

describe('server shutdown', () => {
  it('cuts a connection that never sent a request once the grace time is over', async () => {
    const { app, port } = await listening(300);
    const silent = await connect(port);
    await app.close();
    await silent.closed;
    expect(silent.socket.destroyed).toBe(true);
  }, 20_000);

  it('lets a request in flight finish within the grace time', async () => {
    const { app, port } = await listening(2000);
    const slow = await connect(port);
    let answer = '';
    slow.socket.on('data', (d: Buffer) => (answer += d.toString()));
    const body = JSON.stringify({ commands: [] });
    slow.socket.write(
      `POST /sync/v1/commands HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 200));
    slow.socket.write(body.slice(5));
    await closing;
    // The request was answered (no session: 401), not cut.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  }, 20_000);
});
